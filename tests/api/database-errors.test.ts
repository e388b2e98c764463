import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { createTestApp, type TestApp } from "../support/test-app";
import { signInRaw } from "./identity-support";
import { startSentryReceiver, type SentryReceiver } from "../support/telemetry-receivers";
import { DEMO_PASSWORD } from "../../server/db/seed";

/**
 * A statement the database refuses is our fault, not an outage: it answers 500, is logged with its route
 * and reported, and the database stays in service. Only a lost database answers 503 (telemetry-errors and
 * tests/postgres/database-faults force that kind).
 */
const MANY_PARAMETERS = "/v2/database-probe/many-parameters";
/** What a query with a parameter per application became at 100,000 applications: more than the protocol's 65,535. */
function addManyParametersRoute(app: FastifyInstance) {
  app.get(MANY_PARAMETERS, { onRequest: app.authenticate }, async () => {
    const ids = Array.from({ length: 70_000 }, (_, i) => sql`${i}`);
    await app.db.execute(sql`select 1 where 1 in (${sql.join(ids, sql`, `)})`);
    return { ok: true };
  });
}

let sentry: SentryReceiver;
let t: TestApp;
let token: string;
beforeAll(async () => {
  sentry = await startSentryReceiver();
  t = await createTestApp({ env: { SENTRY_DSN: sentry.dsn, APP_ENV: "stg" }, beforeReady: addManyParametersRoute });
  token = (await signInRaw(t.app, "admin@steward.test", DEMO_PASSWORD)).AccessToken;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sentry?.close();
});

const get = (url: string) => t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });

/** The log line of the failed request: level error, with the route's template. */
function failureLine(requestId: string) {
  return t.log.lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((l) => l.reqId === requestId && l.msg === "request failed");
}

async function reportOf(requestId: string) {
  await sentry.waitFor(() => sentry.events().some((e) => (e.tags as Record<string, string>).request_id === requestId));
  return sentry.events().find((e) => (e.tags as Record<string, string>).request_id === requestId)!;
}

describe("a statement the database refuses", () => {
  it("answers 500 to a query with more than 65,535 parameters, logs and reports it with the route, and keeps serving", { timeout: 60_000 }, async () => {
    const res = await get(MANY_PARAMETERS);
    expect(res.statusCode).toBe(500);
    expect(res.headers["retry-after"]).toBeUndefined();
    expect(res.json().detail).toBe("Something went wrong on our side. Please try again later.");
    const requestId = res.headers["x-request-id"] as string;

    const line = failureLine(requestId);
    expect(line).toMatchObject({ level: 50, route: MANY_PARAMETERS, method: "GET" });
    expect(JSON.stringify(line)).toContain("08P01");

    const event = await reportOf(requestId);
    expect(event.tags).toMatchObject({ route: MANY_PARAMETERS, method: "GET", status: "500" });

    expect((await get("/v2/applications")).statusCode).toBe(200);
  });

  it("answers 500 on a real route whose statement fails (a table gone), with the route logged and reported, and 200 once it is back", { timeout: 60_000 }, async () => {
    expect((await get("/v2/vendors")).statusCode).toBe(200);
    await t.database.db.execute(sql`alter table vendors rename to vendors_away`);
    let res;
    try {
      res = await get("/v2/vendors");
    } finally {
      await t.database.db.execute(sql`alter table vendors_away rename to vendors`);
    }
    expect(res.statusCode).toBe(500);
    const requestId = res.headers["x-request-id"] as string;
    expect(failureLine(requestId)).toMatchObject({ level: 50, route: "/v2/vendors", method: "GET" });
    expect((await reportOf(requestId)).tags).toMatchObject({ route: "/v2/vendors", status: "500" });

    expect((await get("/v2/vendors")).statusCode).toBe(200);
  });
});
