/**
 * The budget: with 10,000 applications in one company on the embedded database, a list page of 25
 * with a sort and a filter answers in under 50 ms (median), and classify() runs over all 10,000 in under
 * 1 s. References in the same process: the cheapest signed-in call (GET /v2/access/user) for the list, and
 * a structured clone of the same 10,000 answer sets for classify, so machine noise shows in both.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { AI_TYPES, BUSINESS_CRITICALITIES, classify, DECISIONS_ABOUT_PEOPLE, emptyDetails, HIGH_RISK_AREAS, PERSONAL_DATA_KINDS, type ApplicationDetails } from "../domain/risk";
import { APPROVAL_STATUSES, DEVELOPMENT_STATUSES } from "../domain/workflow";
import { ensureAuditChainKey } from "../server/audit/key";
import { buildApp } from "../server/app";
import { newApplicationValues } from "../server/applications/store";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { runMigrations } from "../server/db/migrate";
import { companies, applications } from "../server/db/schema";
import { seedDemoData } from "../server/db/seed";
import { demoAccessToken } from "./sign-in";

const COUNT = 10_000;
const LIST_BUDGET_MS = 50;
const CLASSIFY_BUDGET_MS = 1000;
const RUNS = 60;

/** A small deterministic generator, so every run measures the same inventory. */
export function generator(seed: number) {
  let state = seed;
  const next = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  return { next, pick: <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] };
}

/** `count` questionnaires answered the way a real inventory spreads: mostly low risk, some high. */
export function inventory(count = COUNT): ApplicationDetails[] {
  const { next, pick } = generator(42);
  return Array.from({ length: count }, (_, i) => ({
    ...emptyDetails(),
    purpose: `Generated application number ${i}`,
    intended_users: [pick(["employees", "customers", "public"] as const)],
    ai_type: pick(AI_TYPES),
    business_criticality: pick(BUSINESS_CRITICALITIES),
    high_risk_areas: next() < 0.2 ? [pick(HIGH_RISK_AREAS)] : [],
    decisions_about_people: pick(DECISIONS_ABOUT_PEOPLE),
    personal_data: pick(PERSONAL_DATA_KINDS),
    internet_facing: next() < 0.3,
    uses_foundation_model: next() < 0.4,
  }));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timeRequests(app: FastifyInstance, url: string, token: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const res = await app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
    times.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  }
  return median(times);
}

export async function reportApplications(): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "steward-bench-apps-"));
  // The server loads the audit chain key before writing; the seed and the fixture write entries before it starts.
  await ensureAuditChainKey({ DATA_DIR: dataDir });
  const database = await openDatabase({ dataDir });
  let closed = false;
  try {
    await runMigrations(database);
    await seedDemoData(database.db, { applications: false });
    const [company] = await database.db.select().from(companies).where(eq(companies.name, "Demo Co"));
    const details = inventory();
    const { pick } = generator(7);
    for (let i = 0; i < COUNT; i += 500) {
      await database.db.insert(applications).values(
        details.slice(i, i + 500).map((d, j) => ({
          ...newApplicationValues({ companyId: company.id, name: `Generated app ${String(i + j).padStart(5, "0")}`, details: d }),
          approvalStatus: pick(APPROVAL_STATUSES),
          developmentStatus: pick(DEVELOPMENT_STATUSES),
        })),
      );
    }
    await database.db.execute(sql`analyze`);

    const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_MAX: "1000000" }, ""), database, logger: false, spaRoot: "/nonexistent" });
    await app.ready();
    const token = await demoAccessToken(app, "reviewer@steward.test");

    const reference = await timeRequests(app, "/v2/access/user", token);
    const list = await timeRequests(app, "/v2/applications?page=3&page_size=25&sort=-risk_tier&approval_status=draft&approval_status=submitted", token);
    const search = await timeRequests(app, "/v2/applications?page_size=25&sort=name&q=app%2001&risk_tier=high", token);
    // The app's db plugin closes the database with it.
    await app.close();
    closed = true;

    const cloneStarted = performance.now();
    structuredClone(details);
    const cloneMs = performance.now() - cloneStarted;
    const classifyStarted = performance.now();
    for (const d of details) classify(d, { vendorCount: 0 });
    const classifyMs = performance.now() - classifyStarted;

    console.log(`\nApplications, ${COUNT.toLocaleString("en")} in one company, embedded database (median of ${RUNS}, ms)`);
    console.log(`  GET /v2/access/user (reference)            ${reference.toFixed(1)}`);
    console.log(`  list: page 3 of 25, sort tier, 2 statuses   ${list.toFixed(1)}   ×${(list / reference).toFixed(1)}   budget ${LIST_BUDGET_MS}`);
    console.log(`  list: search + tier filter, sort name       ${search.toFixed(1)}   ×${(search / reference).toFixed(1)}   budget ${LIST_BUDGET_MS}`);
    console.log(`  structuredClone of all answers (reference)  ${cloneMs.toFixed(1)}`);
    console.log(`  classify() over all                         ${classifyMs.toFixed(1)}   ×${(classifyMs / cloneMs).toFixed(1)}   budget ${CLASSIFY_BUDGET_MS}`);
    return list < LIST_BUDGET_MS && search < LIST_BUDGET_MS && classifyMs < CLASSIFY_BUDGET_MS;
  } finally {
    if (!closed) await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await reportApplications()) ? 0 : 1;
}
