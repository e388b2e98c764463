/**
 * The budget: 100,000 applications export as CSV and as .xlsx through the API with flat memory (peak RSS growth
 * under 150 MB each, and nothing kept once done: the heap after a collection as it was before), and the dossier
 * of a fully documented application is made in under 2 s. References in the same process: the same 100,000 rows,
 * already read, written as CSV lines to a bare stream (the cost of writing alone); and GET /v2/applications/{id}
 * of the same application. The peak heap counts garbage not yet collected, which is why the heap kept is shown.
 */
import { ensureAuditChainKey } from "../server/audit/key";
import { recordAudit } from "../server/audit/record";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { applicableControls, FRAMEWORKS } from "../domain/frameworks";
import { APPROVAL_STATUSES, DEVELOPMENT_STATUSES } from "../domain/workflow";
import { buildApp } from "../server/app";
import { newApplicationValues } from "../server/applications/store";
import { loadConfig } from "../server/config";
import type { Db } from "../server/db/client";
import { openDatabase } from "../server/db/client";
import { runMigrations } from "../server/db/migrate";
import {
  applicationAssessments,
  applicationControls,
  applications,
  applicationVendors,
  companies,
  companyFrameworkSettings,
  controlEvidence,
  incidents,
  processingItems,
  testingTasks,
  users,
  vendors,
} from "../server/db/schema";
import { seedDemoData } from "../server/db/seed";
import { generator, inventory } from "./applications";
import { demoAccessToken } from "./sign-in";
import { MB, measure, median, type Measured } from "./testing-bench";

const ROWS = 100_000;
const RSS_BUDGET_MB = 150;
const KEPT_BUDGET_MB = 5;
const DOSSIER_BUDGET_MS = 2000;
const DOSSIER_RUNS = 5;

/** 100,000 generated applications in Demo Co, some with owners, in every status. */
async function fillInventory(db: Db, companyId: string): Promise<void> {
  const owners = (await db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId))).map((u) => u.id);
  const { next, pick } = generator(11);
  const details = inventory(ROWS);
  for (let i = 0; i < ROWS; i += 1000) {
    await db.insert(applications).values(
      details.slice(i, i + 1000).map((d, j) => ({
        ...newApplicationValues({ companyId, name: `Generated app ${String(i + j).padStart(6, "0")}`, description: next() < 0.3 ? "=1+1 looks like a formula" : null, ownerId: next() < 0.6 ? pick(owners) : null, details: d }),
        approvalStatus: pick(APPROVAL_STATUSES),
        developmentStatus: pick(DEVELOPMENT_STATUSES),
        nextReviewDue: next() < 0.5 ? "2027-01-15" : null,
      })),
    );
  }
  await db.execute(sql`analyze`);
}

/** Streams a GET of the running server into a sink that only counts: what a client downloading the file does. */
function download(port: number, url: string, token: string): Promise<{ bytes: number; lines: number; head: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: url, headers: { authorization: `Bearer ${token}` } }, (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`${url} answered ${res.statusCode}`));
          res.resume();
          return;
        }
        let bytes = 0;
        let lines = 0;
        let head: Buffer = Buffer.alloc(0);
        const sink = new Writable({
          write(chunk: Buffer, _encoding, done) {
            if (head.length < 4) head = Buffer.concat([head, chunk.subarray(0, 4)]);
            bytes += chunk.length;
            for (const byte of chunk) if (byte === 10) lines++;
            done();
          },
        });
        pipeline(res, sink).then(() => resolve({ bytes, lines, head }), reject);
      })
      .on("error", reject);
  });
}

/** The reference: the rows, already read, written as CSV lines to a bare stream that honours backpressure. */
async function bareCsv(rows: string[][]): Promise<void> {
  let written = 0;
  const sink = new Writable({
    highWaterMark: 64 * 1024,
    write(chunk: Buffer, _encoding, done) {
      written += chunk.length;
      done();
    },
  });
  for (const row of rows) {
    const line = `${row.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(",")}\r\n`;
    if (!sink.write(line)) await new Promise((resolve) => sink.once("drain", resolve));
  }
  await new Promise<void>((resolve) => sink.end(resolve));
  if (written === 0) throw new Error("nothing written");
}

/** An application with everything a dossier prints: answers, vendors, assessments, a history, every control with evidence, tests, incidents, a long activity log. */
async function fullyDocumented(db: Db, companyId: string): Promise<string> {
  const [admin] = await db.select().from(users).where(and(eq(users.companyId, companyId), eq(users.email, "admin@steward.test")));
  await db.insert(companyFrameworkSettings).values(FRAMEWORKS.map((f) => ({ companyId, frameworkId: f.id, enabled: true })));
  const madeVendors = await db
    .insert(vendors)
    .values(Array.from({ length: 4 }, (_, i) => ({ companyId, name: `Documented vendor ${i}`, riskLevel: "medium" as const, details: {} as never })))
    .returning();
  const details = { ...inventory(1)[0], high_risk_areas: ["employment"], decisions_about_people: "automated_decision", personal_data: "sensitive" } as ReturnType<typeof inventory>[number];
  const [app] = await db
    .insert(applications)
    .values({ ...newApplicationValues({ companyId, name: "Fully documented screener", description: "Every record a dossier prints.", ownerId: admin.id, details, context: { vendorCount: 4 } }), approvalStatus: "approved", developmentStatus: "deployed", approvedAt: new Date() })
    .returning();
  await db.insert(applicationVendors).values(madeVendors.map((v) => ({ companyId, applicationId: app.id, vendorId: v.id })));
  await db.insert(applicationAssessments).values(
    Array.from({ length: 40 }, (_, i) => ({ companyId, applicationId: app.id, assessedById: admin.id, assessedByName: "Avery Admin", details, riskTier: i % 2 ? ("high" as const) : ("medium" as const), riskDescriptors: app.riskDescriptors, rulesFired: app.rulesFired })),
  );
  const actions = ["details.updated", "approval.moved", "development.moved", "control.updated", "evidence.added", "classification.changed"];
  // Through the one writer, so the entries form the company's audit chain as real ones do.
  await recordAudit(
    db,
    { id: admin.id, type: "user", name: "Avery Admin", companyId },
    ...Array.from({ length: 400 }, (_, i) => ({
      entityType: "application",
      entityId: app.id,
      action: actions[i % actions.length],
      before: { approval_status: "submitted", development_status: "testing", status: "in_progress", risk_tier: "medium" },
      after: { approval_status: "approved", development_status: "deployed", status: "implemented", control_id: "C-GOV-01", name: `Record ${i}`, risk_tier: "high" },
    })),
  );
  const controls = applicableControls(FRAMEWORKS, "high");
  await db.insert(applicationControls).values(controls.map((c, i) => ({ companyId, applicationId: app.id, controlId: c.id, status: i % 5 === 0 ? ("in_progress" as const) : ("implemented" as const), ownerId: admin.id, dueDate: "2027-03-01" })));
  await db.insert(controlEvidence).values(
    controls.flatMap((c) =>
      [0, 1].map((k) => ({ companyId, applicationId: app.id, controlId: c.id, name: `${c.name} evidence ${k}`, kind: "link" as const, url: `https://intranet.example/evidence/${c.id}/${k}`, effectiveOn: "2024-12-01", expiresOn: k ? "2027-06-30" : "2025-01-01", addedByName: "Avery Admin" })),
    ),
  );
  for (let i = 0; i < 12; i++) {
    const [item] = await db.insert(processingItems).values({ companyId, kind: "test", status: "ready" }).returning();
    await db.insert(testingTasks).values({
      companyId,
      applicationId: app.id,
      processingItemId: item.id,
      dataSource: "fairness_ml_user",
      name: `Quarterly audit ${i}`,
      startedByName: "Avery Admin",
      rowsRead: 10_000,
      summary: { flagged: i % 3 === 0, adverse_impact_groups: i % 3, lowest_impact_ratio: { sex: 0.71, race_ethnicity: 0.84 } },
      finishedAt: new Date(),
    });
  }
  await db.insert(incidents).values(
    Array.from({ length: 6 }, (_, i) => ({ companyId, applicationId: app.id, title: `Open incident ${i}`, severity: "high" as const, status: "investigating" as const, detectedAt: new Date(), description: "Candidates from one region were ranked lower.", ownerId: admin.id })),
  );
  return app.id;
}

const collect = () => (globalThis as { gc?: () => void }).gc?.();

/** `measure`, and the heap the work left behind once garbage is collected (needs --expose-gc). */
async function measureKept(work: () => Promise<void>): Promise<Measured & { keptMb: number }> {
  collect();
  const before = process.memoryUsage().heapUsed;
  const measured = await measure(work);
  collect();
  return { ...measured, keptMb: (process.memoryUsage().heapUsed - before) / MB };
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export async function reportExports(): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "steward-bench-exports-"));
  // The server loads the audit chain key before writing; the seed and the fixture write entries before it starts.
  await ensureAuditChainKey({ DATA_DIR: dataDir });
  const database = await openDatabase({ dataDir });
  let app: FastifyInstance | undefined;
  try {
    await runMigrations(database);
    await seedDemoData(database.db, { applications: false });
    const [company] = await database.db.select().from(companies).where(eq(companies.name, "Demo Co"));
    await fillInventory(database.db, company.id);
    const documented = await fullyDocumented(database.db, company.id);
    app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_MAX: "1000000" }, ""), database, logger: false, spaRoot: "/nonexistent" });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const token = await demoAccessToken(app, "admin@steward.test");

    // The reference's rows, read before it is measured: the same columns as the export writes.
    const rows = (
      await database.db
        .select({ name: applications.name, tier: applications.riskTier, approval: applications.approvalStatus, development: applications.developmentStatus, updated: applications.updatedAt })
        .from(applications)
        .where(eq(applications.companyId, company.id))
        .orderBy(asc(sql`lower(${applications.name})`), asc(applications.id))
    ).map((r) => [r.name, r.tier ?? "", r.approval, r.development, r.updated.toISOString()]);
    const reference = await measure(() => bareCsv(rows));
    const url = (format: string, q = "") => `/v2/applications/export?format=${format}&sort=name&columns=name,risk_tier,approval_status,development_status,owner,next_review_due,updated_at${q}`;
    // A tenth of the rows (the names "Generated app 01…"), measured first: with flat memory the whole list
    // grows the process by about as much as this does, not ten times as much.
    const tenthCsv = await measureKept(() => download(port, url("csv", "&q=app%2001"), token).then(() => undefined));
    const tenthXlsx = await measureKept(() => download(port, url("xlsx", "&q=app%2001"), token).then(() => undefined));
    let csvLines = 0;
    const csv = await measureKept(async () => {
      csvLines = (await download(port, url("csv"), token)).lines;
    });
    let xlsxHead: Buffer = Buffer.alloc(0);
    let xlsxBytes = 0;
    const xlsx = await measureKept(async () => {
      const got = await download(port, url("xlsx"), token);
      xlsxHead = got.head;
      xlsxBytes = got.bytes;
    });
    const total = ROWS + 1; // and Demo Co's fully documented application
    if (csvLines !== total + 1) throw new Error(`the CSV has ${csvLines} lines, expected ${total + 1}`);
    if (xlsxHead.subarray(0, 2).toString() !== "PK") throw new Error("the workbook is not a zip");

    const dossierUrl = `/v2/applications/${documented}/dossier?lang=en`;
    const read = async (u: string) => {
      const res = await app!.inject({ method: "GET", url: u, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${u} answered ${res.statusCode}`);
      return res;
    };
    await read(dossierUrl); // the fonts, loaded once per process
    const applicationMs: number[] = [];
    const dossierMs: number[] = [];
    let pages = 0;
    for (let i = 0; i < DOSSIER_RUNS; i++) {
      applicationMs.push(await timed(() => read(`/v2/applications/${documented}`)));
      dossierMs.push(await timed(async () => (pages = ((await read(dossierUrl)).rawPayload.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length)));
    }

    const line = (label: string, m: Measured & { keptMb?: number }, ratio?: number) =>
      `  ${label.padEnd(44)}${m.ms.toFixed(0).padStart(7)} ms${ratio === undefined ? "       " : ` ×${ratio.toFixed(1).padStart(5)}`}   peak RSS +${m.rssMb.toFixed(0)} MB, heap +${m.heapMb.toFixed(0)} MB` +
      (m.keptMb === undefined ? "" : `, kept +${m.keptMb.toFixed(1)} MB`);
    console.log(`\nExports of ${total.toLocaleString("en")} applications, embedded database, streamed over HTTP to a counting client`);
    console.log(line("bare stream, rows already read (reference)", reference));
    console.log(line("GET /v2/applications/export?format=csv", csv, csv.ms / reference.ms));
    console.log(line("GET /v2/applications/export?format=xlsx", xlsx, xlsx.ms / reference.ms) + `   (${(xlsxBytes / MB).toFixed(1)} MB file)`);
    console.log(line("  the same, a tenth of the rows: csv", tenthCsv));
    console.log(line("  the same, a tenth of the rows: xlsx", tenthXlsx));
    console.log(`  budgets: peak RSS +${RSS_BUDGET_MB} MB, kept +${KEPT_BUDGET_MB} MB`);
    const applicationMedian = median(applicationMs);
    const dossierMedian = median(dossierMs);
    console.log(`\nDossier of a fully documented application (${pages} pages; median of ${DOSSIER_RUNS})`);
    console.log(`  GET /v2/applications/{id} (reference)       ${applicationMedian.toFixed(1).padStart(7)} ms`);
    console.log(`  GET /v2/applications/{id}/dossier           ${dossierMedian.toFixed(0).padStart(7)} ms ×${(dossierMedian / applicationMedian).toFixed(0)}   budget ${DOSSIER_BUDGET_MS} ms`);
    const flat = [csv, xlsx].every((m) => m.rssMb < RSS_BUDGET_MB && m.keptMb < KEPT_BUDGET_MB);
    return flat && dossierMedian < DOSSIER_BUDGET_MS;
  } finally {
    // The app's db plugin closes the database with it.
    if (app) await app.close();
    else await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await reportExports()) ? 0 : 1;
}
