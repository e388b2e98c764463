import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openDatabase, type Database } from "../../server/db/client";
import { runMigrations } from "../../server/db/migrate";
import { seedDemoData } from "../../server/db/seed";
import { v2Caller } from "../support/tenants";
import { signInRaw } from "../api/identity-support";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";
import { lowRiskDetails } from "../../domain/risk/test-support";
import { sql } from "drizzle-orm";

/**
 * PostgreSQL going away under a running server: the process stays up, /v2 answers 503 with
 * Retry-After while the database is gone, and service comes back by itself once it returns.
 * The server reaches PostgreSQL through a proxy the test cuts, as a restart looks from outside.
 */
const serverUrl = process.env.TEST_DATABASE_URL!;
const name = `steward_faults_${randomBytes(6).toString("hex")}`;
let proxy: TcpProxy;
let database: Database;
let app: FastifyInstance;
const token: Record<string, string> = {};
const call = v2Caller(() => app, token);

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`create database ${name}`);
  const target = new URL(serverUrl);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(serverUrl);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  viaProxy.pathname = `/${name}`;
  database = await openDatabase({ url: viaProxy.toString() });
  await runMigrations(database);
  await seedDemoData(database.db, { applications: false });
  const config = loadConfig({ DATA_DIR: path.join(tmpdir(), "steward-test-data"), RATE_LIMIT_MAX: "100000" }, "");
  app = await buildApp({ config, database, logger: false, spaRoot: "/nonexistent" });
  // A statement the server refuses on a live connection: more bind parameters than the protocol's 65,535.
  app.get("/v2/database-probe/many-parameters", { onRequest: app.authenticate }, async () => {
    await app.db.execute(sql`select 1 where 1 in (${sql.join(Array.from({ length: 70_000 }, (_, i) => sql`${i}`), sql`, `)})`);
    return { ok: true };
  });
  await app.ready();
  token.admin = (await signInRaw(app, "admin@steward.test", DEMO_PASSWORD)).AccessToken;
});
afterAll(async () => {
  proxy?.restore();
  await app?.close();
  await proxy?.close();
  await admin(`drop database if exists ${name} with (force)`);
});

const createApplication = (label: string) => call("admin", "POST", "/applications", { name: label, details: lowRiskDetails() });

describe("the database going away", () => {
  it("answers 503 with Retry-After while PostgreSQL is unreachable, keeps liveness, and recovers by itself", async () => {
    const before = await createApplication("Written before the outage");
    expect(before.statusCode).toBe(201);

    proxy.cut();
    for (const request of [
      () => call("admin", "GET", "/applications"),
      () => createApplication("Written during the outage"),
      () => call("admin", "GET", `/applications/${before.json().id}`),
    ]) {
      const res = await request();
      expect(res.statusCode).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(res.json().detail).toBe("The database is not reachable right now. Please try again in a few seconds.");
    }
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(503);
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);

    proxy.restore();
    const back = Date.now();
    let list = await call("admin", "GET", "/applications");
    while (list.statusCode !== 200 && Date.now() - back < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      list = await call("admin", "GET", "/applications");
    }
    expect(list.statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    const names = (list.json().items as { name: string }[]).map((a) => a.name);
    expect(names).toContain("Written before the outage");
    expect(names).not.toContain("Written during the outage");
  });

  it("survives connections the server terminates while they sit idle in the pool", async () => {
    expect((await call("admin", "GET", "/applications")).statusCode).toBe(200);
    // What `pg_ctl restart` does to every session: 57P01 on each idle pooled connection.
    await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const res = await call("admin", "GET", "/applications");
    expect([200, 503]).toContain(res.statusCode);
    expect((await call("admin", "GET", "/applications")).statusCode).toBe(200);
  });

  it("tells a refused statement (500) from a lost connection (503), both on the live pool, and recovers from the cut", async () => {
    const refused = await call("admin", "GET", "/database-probe/many-parameters");
    expect(refused.statusCode).toBe(500);
    expect(refused.headers["retry-after"]).toBeUndefined();
    expect((await call("admin", "GET", "/applications")).statusCode).toBe(200);

    // Cut while a request is under way: its connection dies mid-run.
    const during = call("admin", "GET", "/applications?page_size=100");
    proxy.cut();
    const lost = await Promise.all([during, call("admin", "GET", "/applications")]);
    expect(lost.map((r) => r.statusCode)).toContain(503);
    for (const res of lost) expect([200, 503]).toContain(res.statusCode);
    expect((await call("admin", "GET", "/database-probe/many-parameters")).statusCode).toBe(503);

    proxy.restore();
    const back = Date.now();
    let list = await call("admin", "GET", "/applications");
    while (list.statusCode !== 200 && Date.now() - back < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      list = await call("admin", "GET", "/applications");
    }
    expect(list.statusCode).toBe(200);
    expect((await call("admin", "GET", "/database-probe/many-parameters")).statusCode).toBe(500);
  });
});
