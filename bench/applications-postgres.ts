/**
 * `npm run bench:lists`: the application lists at 100,000 applications in one company on real
 * PostgreSQL, served over HTTP and loaded by 32 concurrent connections. Each list must serve at least
 * half the requests per second of the cheapest signed-in call (GET /v2/access/user) in the same run.
 * It also writes each list query's plan (EXPLAIN ANALYZE, BUFFERS) to docs/list-query-plans.md.
 *
 * BENCH_DATABASE_URL names the server (default: the local one, user postgres); a scratch database is
 * created on it and dropped afterwards.
 */
import { writeFileSync } from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { APPROVAL_STATUSES, DEVELOPMENT_STATUSES } from "../domain/workflow";
import { ensureAuditChainKey } from "../server/audit/key";
import { buildApp } from "../server/app";
import { newApplicationValues } from "../server/applications/store";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { runMigrations } from "../server/db/migrate";
import { applications, companies } from "../server/db/schema";
import { seedDemoData } from "../server/db/seed";
import { generator, inventory } from "./applications";
import { capturedQueries, explain } from "./query-plans";
import { demoAccessToken } from "./sign-in";

const COUNT = 100_000;
const CONNECTIONS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MIN_RATIO = 0.5;
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const REFERENCE = { name: "GET /v2/access/user (reference)", url: "/v2/access/user" };
const LISTS = [
  { name: "name sort, page 3", url: "/v2/applications?page=3&page_size=25&sort=name" },
  { name: "tier sort, two approval statuses", url: "/v2/applications?page_size=25&sort=-risk_tier&approval_status=draft&approval_status=submitted" },
  // A term as a person types it: a name fragment matching 1% of the inventory.
  { name: "search with a tier filter", url: "/v2/applications?page_size=25&q=app%20042&risk_tier=high" },
];
/**
 * Page 2,000 of 4,000 in the default order: OFFSET skips 49,975 rows, over the name index alone (it holds
 * the name), then only the page's rows are read. Its ratio is shown; its budget is the pages' (×20 of the
 * reference's latency, bench:pages), not the lists' throughput.
 */
const DEEP_PAGE = { name: "deep page (2,000 of 4,000), name sort", url: "/v2/applications?page=2000&page_size=25" };
/** Reported, not budgeted: a term matching 10% of the inventory must sort thousands of matches. */
const BROAD_SEARCH = { name: "broad search (10%), tier filter", url: "/v2/applications?page_size=25&q=app%2004&risk_tier=high" };

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function load(origin: string, url: string, token: string): Promise<Figures> {
  const result = await autocannon({ url: origin + url, connections: CONNECTIONS, duration: SECONDS, headers: { authorization: `Bearer ${token}` } });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

/** A database of its own on the server, so the bench never touches anything else there. */
export async function scratchDatabase(name = `steward_bench_lists_${process.pid}`, serverUrl = SERVER_URL): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function fill(database: Awaited<ReturnType<typeof openDatabase>>) {
  await runMigrations(database);
  await seedDemoData(database.db, { applications: false });
  const [company] = await database.db.select().from(companies).where(eq(companies.name, "Demo Co"));
  const details = inventory(COUNT);
  const { pick } = generator(7);
  for (let i = 0; i < COUNT; i += 1000) {
    await database.db.insert(applications).values(
      details.slice(i, i + 1000).map((d, j) => ({
        ...newApplicationValues({ companyId: company.id, name: `Generated app ${String(i + j).padStart(6, "0")}`, details: d }),
        approvalStatus: pick(APPROVAL_STATUSES),
        developmentStatus: pick(DEVELOPMENT_STATUSES),
      })),
    );
  }
  // The steady state autovacuum keeps: statistics current and the visibility map set.
  await database.db.execute(sql`vacuum analyze`);
}

export async function reportApplicationsOnPostgres(): Promise<boolean> {
  const scratch = await scratchDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "steward-bench-lists-"));
  // The server loads the audit chain key before writing; the seed writes entries before it starts.
  await ensureAuditChainKey({ DATA_DIR: dataDir });
  const database = await openDatabase({ url: scratch.url });
  try {
    const filling = performance.now();
    await fill(database);
    console.log(`\nApplication lists, ${COUNT.toLocaleString("en")} applications in one company, PostgreSQL (filled in ${((performance.now() - filling) / 1000).toFixed(0)} s)`);
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: scratch.url, RATE_LIMIT_MAX: "100000000", LOG_LEVEL: "silent" }, "");
    const app = await buildApp({ config, database, logger: false, spaRoot: "/nonexistent" });
    const origin = await app.listen({ host: "127.0.0.1", port: 0 });
    const token = await demoAccessToken(app, "reviewer@steward.test");

    const plans: string[] = [];
    for (const list of [...LISTS, DEEP_PAGE, BROAD_SEARCH]) {
      const queries = await capturedQueries(() => app.inject({ method: "GET", url: list.url, headers: { authorization: `Bearer ${token}` } }));
      const listQueries = queries.filter((q) => /from "applications"/i.test(q.text) && !/^explain/i.test(q.text));
      plans.push(`## ${list.name}\n\n\`GET ${list.url}\`\n`);
      for (const query of listQueries) plans.push("```\n" + (await explain(scratch.url, query)) + "\n```\n");
    }

    const reference = await load(origin, REFERENCE.url, token);
    const rows: [string, Figures][] = [[REFERENCE.name, reference]];
    for (const list of LISTS) rows.push([list.name, await load(origin, list.url, token)]);
    const deep = await load(origin, DEEP_PAGE.url, token);
    const broad = await load(origin, BROAD_SEARCH.url, token);
    await app.close();

    console.log(`  ${CONNECTIONS} connections, ${SECONDS} s each; budget: each list at least ×${MIN_RATIO} the reference's req/s`);
    console.log(`  ${"case".padEnd(36)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"non-2xx".padStart(8)}   ratio`);
    const line = (name: string, f: Figures, note = "") =>
      console.log(`  ${name.padEnd(36)} ${f.rps.toFixed(0).padStart(8)} ${String(f.p50).padStart(8)} ${String(f.p99).padStart(8)} ${String(f.non2xx).padStart(8)}   ×${(f.rps / reference.rps).toFixed(2)}${note}`);
    for (const [name, f] of rows) line(name, f);
    line(DEEP_PAGE.name, deep, ` (p50 ×${(deep.p50 / Math.max(reference.p50, 1)).toFixed(1)} the reference's; not a throughput budget)`);
    line(BROAD_SEARCH.name, broad, " (not budgeted)");
    writeFileSync(
      path.join(import.meta.dirname, "../docs/list-query-plans.md"),
      `# Application list query plans at ${COUNT.toLocaleString("en")} rows\n\nWritten by \`npm run bench:lists\` on PostgreSQL; see docs/list-queries.md for what each index is for.\n\n${plans.join("\n")}`,
    );
    return rows.every(([, f]) => f.non2xx === 0) && rows.slice(1).every(([, f]) => f.rps / reference.rps >= MIN_RATIO);
  } finally {
    await database.close().catch(() => {});
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Whether a PostgreSQL server answers at the bench's URL, so `npm run bench` can say why it skips. */
export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await reportApplicationsOnPostgres()) ? 0 : 1;
}
