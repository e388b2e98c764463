/**
 * `npm run bench:pages`: every GET the main pages make, at an enterprise's depth on real PostgreSQL. The demo
 * database is grown by the scale fixture (tests/support/scale: 100,000 applications, about a million control
 * records, 300,000 evidence rows, 20,000 notifications, 2,000 incidents, 50,000 audit entries, a Contributor's
 * group of 5,000 applications), Steward is started over HTTP, and for an Administrator, a Reviewer and that
 * Contributor each request is made 5 times in a row: status, size, median, and ratio to the same caller's
 * GET /v2/access/user. Budgets: a 2xx, at most 1 MB, at most ×20 the reference; any line over one fails the run.
 *
 * BENCH_DATABASE_URL (or DATABASE_URL) names the server (default: the local one, user postgres); a scratch
 * database is created on it and dropped afterwards. The requests are tests/support/scale/page-requests.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { ensureAuditChainKey } from "../server/audit/key";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { runMigrations } from "../server/db/migrate";
import { seedDemoData } from "../server/db/seed";
import { ENTERPRISE, growDemoCompany, type ScaleFixture } from "../tests/support/scale/fixture";
import { CALLERS, MAX_BYTES, MAX_RATIO, REFERENCE_PATH, requestsOf, type Samples } from "../tests/support/scale/page-requests";
import { scratchDatabase } from "./applications-postgres";
import { demoAccessToken } from "./sign-in";

const RUNS = 5;
/** BENCH_SCALE (default 1): a fraction of the enterprise fixture, to try a change on a smaller database first. */
const SCALE = Number(process.env.BENCH_SCALE ?? "1");
const scaled = (n: number) => Math.max(1, Math.round(n * SCALE));
const FIXTURE = {
  ...ENTERPRISE,
  applications: scaled(ENTERPRISE.applications),
  evidence: scaled(ENTERPRISE.evidence),
  notifications: scaled(ENTERPRISE.notifications),
  incidents: scaled(ENTERPRISE.incidents),
  auditEntries: scaled(ENTERPRISE.auditEntries),
  contributorApplications: Math.min(ENTERPRISE.contributorApplications, scaled(ENTERPRISE.applications)),
};
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

interface Measured {
  page: string;
  path: string;
  status: number;
  bytes: number;
  medianMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** `runs` sequential calls; the status is the worst one seen, the size the last answer's. */
async function measure(origin: string, token: string, page: string, apiPath: string, runs = RUNS): Promise<Measured> {
  const times: number[] = [];
  let status = 0;
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await fetch(`${origin}/v2${apiPath}`, { headers: { authorization: `Bearer ${token}` } });
    bytes = (await res.arrayBuffer()).byteLength;
    times.push(performance.now() - started);
    if (res.status >= status) status = res.status;
  }
  return { page, path: apiPath, status, bytes, medianMs: median(times) };
}

/** Why a line breaks the budget (empty when it does not). */
function breaches(m: Measured, reference: number): string[] {
  const reasons: string[] = [];
  if (m.status >= 500) reasons.push("5xx");
  else if (m.status < 200 || m.status >= 300) reasons.push(`not 2xx`);
  if (m.bytes > MAX_BYTES) reasons.push("> 1 MB");
  if (m.medianMs / reference > MAX_RATIO) reasons.push(`> ×${MAX_RATIO}`);
  return reasons;
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} kB`);

function printFixture(fixture: ScaleFixture, seconds: number): void {
  console.log(`\nPages at enterprise scale, PostgreSQL: fixture built in ${seconds.toFixed(0)} s`);
  console.log(`  ${fixture.steps.map((s) => `${s.step} ${(s.ms / 1000).toFixed(1)} s`).join(", ")}`);
  console.log(`  rows: ${Object.entries(fixture.rows).map(([table, n]) => `${table} ${n.toLocaleString("en")}`).join(", ")}`);
}

export async function reportPages(): Promise<boolean> {
  const scratch = await scratchDatabase(`steward_bench_pages_${process.pid}`, SERVER_URL);
  const dataDir = mkdtempSync(path.join(tmpdir(), "steward-bench-pages-"));
  // The server loads the audit chain key before writing; the seed and the fixture write entries before it starts.
  await ensureAuditChainKey({ DATA_DIR: dataDir });
  const database = await openDatabase({ url: scratch.url });
  try {
    const building = performance.now();
    await runMigrations(database);
    await seedDemoData(database.db);
    const fixture = await growDemoCompany(database.db, FIXTURE);
    // The steady state autovacuum keeps: the visibility map set as well as the statistics.
    await database.db.execute(sql`vacuum analyze`);
    printFixture(fixture, (performance.now() - building) / 1000);

    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: scratch.url, RATE_LIMIT_MAX: "100000000", LOG_LEVEL: "silent" }, "");
    const app = await buildApp({ config, database, logger: false, spaRoot: "/nonexistent" });
    const origin = await app.listen({ host: "127.0.0.1", port: 0 });
    const samples: Samples = { applicationId: fixture.sampleApplicationId, incidentId: fixture.sampleIncidentId, vendorId: fixture.sampleVendorId, frameworkId: "eu-ai-act" };
    let failed = 0;
    /** The first caller's (the Administrator's) reference: a scoped caller's own reference may itself have grown. */
    let companyWide: number | undefined;
    try {
      for (const caller of CALLERS) {
        const token = await demoAccessToken(app, caller.email);
        // Once to warm the connection and the caller's first reads, then measured three times as long: every
        // ratio divides by it, so a busy moment of the machine here would skew the caller's whole table.
        await measure(origin, token, "reference", REFERENCE_PATH);
        const reference = await measure(origin, token, "reference", REFERENCE_PATH, RUNS * 3);
        companyWide ??= reference.medianMs;
        const against = caller.key === "administrator" ? "" : `, ×${(reference.medianMs / companyWide).toFixed(1)} the Administrator's, ${size(reference.bytes)}`;
        console.log(`\n${caller.label}: GET /v2${REFERENCE_PATH} (reference) ${reference.medianMs.toFixed(1)} ms${against}, median of ${RUNS * 3}; others median of ${RUNS}; budget 2xx, ≤ 1 MB, ≤ ×${MAX_RATIO}`);
        console.log(`  ${"page".padEnd(42)} ${"status".padStart(6)} ${"size".padStart(10)} ${"median".padStart(10)} ${"ratio".padStart(8)}   request`);
        for (const request of requestsOf(caller.key)) {
          const m = await measure(origin, token, request.page, request.path(samples));
          const reasons = breaches(m, reference.medianMs);
          if (reasons.length > 0) failed += 1;
          const ratio = `×${(m.medianMs / reference.medianMs).toFixed(1)}`;
          console.log(
            `${reasons.length ? "✗" : " "} ${m.page.padEnd(42)} ${String(m.status).padStart(6)} ${size(m.bytes).padStart(10)} ${`${m.medianMs.toFixed(0)} ms`.padStart(10)} ${ratio.padStart(8)}   GET /v2${m.path}${reasons.length ? `   ✗ ${reasons.join(", ")}` : ""}`,
          );
        }
      }
    } finally {
      await app.close();
    }
    console.log(failed === 0 ? "\nEvery request within budget." : `\n${failed} request(s) over budget (marked ✗).`);
    return failed === 0;
  } finally {
    await database.close().catch(() => {});
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await reportPages()) ? 0 : 1;
}
