/**
 * The budget: verifying a company's audit chain of 100,000 entries (GET /v2/audit/verify) takes under 3 s on
 * the embedded database. The reference, in the same run and process: walking the same rows the same way (the
 * same batched reads, in chain order) without hashing, so the ratio shows what the hashing costs over reading.
 * Also shown: how long appending the entries took (through recordAudit, 1,000 entries a transaction).
 * With BENCH_DATABASE_URL (or a PostgreSQL answering on 127.0.0.1) the same figures on PostgreSQL follow. The
 * process's CPU time is shown beside each time: on a busy shared machine the wall clock measures the neighbours too.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes, randomUUID } from "node:crypto";
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { recordAudit, type Actor, type AuditEntry } from "../server/audit/record";
import { useAuditChainKey } from "../server/audit/key";
import { walkChain } from "../server/audit/chain";
import { verifyChain } from "../server/audit/verify";
import { openDatabase, type Database } from "../server/db/client";
import { runMigrations } from "../server/db/migrate";
import { companies } from "../server/db/schema";
import { postgresReachable } from "./applications-postgres";

const ENTRIES = 100_000;
const PER_TRANSACTION = 1000;
const BUDGET_MS = 3000;
const RUNS = 3;
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Entries shaped like the real ones: a control's status change, with before and after. */
function entries(from: number, count: number, applicationId: string): AuditEntry[] {
  const statuses = ["not_started", "in_progress", "implemented", "not_applicable"];
  return Array.from({ length: count }, (_, i) => ({
    entityType: "application",
    entityId: applicationId,
    action: "control.updated",
    before: { control_id: `C-GOV-${String((from + i) % 40).padStart(2, "0")}`, status: statuses[(from + i) % 4], notes: null },
    after: { control_id: `C-GOV-${String((from + i) % 40).padStart(2, "0")}`, status: statuses[(from + i + 1) % 4], notes: `Step ${from + i}`, owner_id: applicationId },
  }));
}

interface Figures {
  appendMs: number;
  readMs: number;
  verifyMs: number;
  /** This process's CPU time (user + system) for the reads and for verify: on a shared machine, the work itself. */
  readCpuMs: number;
  verifyCpuMs: number;
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function measure(database: Database): Promise<Figures> {
  const [{ id: companyId }] = await database.db.insert(companies).values({ name: "Bench Co" }).returning();
  const actor: Actor = { id: randomUUID(), type: "user", name: "Bench Admin", companyId };
  const applicationId = randomUUID();
  const appendStarted = performance.now();
  for (let i = 0; i < ENTRIES; i += PER_TRANSACTION) await recordAudit(database.db, actor, ...entries(i, PER_TRANSACTION, applicationId));
  const appendMs = performance.now() - appendStarted;

  const reads: number[] = [];
  const verifies: number[] = [];
  const readCpu: number[] = [];
  const verifyCpu: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    let read = 0;
    const readStarted = performance.now();
    const readCpuStarted = process.cpuUsage();
    await walkChain(database.db, companyId, (rows) => {
      read += rows.length;
      return true;
    });
    readCpu.push(cpuMs(readCpuStarted));
    reads.push(performance.now() - readStarted);
    if (read !== ENTRIES) throw new Error(`read ${read} entries, expected ${ENTRIES}`);

    const verifyStarted = performance.now();
    const verifyCpuStarted = process.cpuUsage();
    const verdict = await verifyChain(database.db, companyId);
    verifyCpu.push(cpuMs(verifyCpuStarted));
    verifies.push(performance.now() - verifyStarted);
    if (!verdict.ok || verdict.entries !== ENTRIES) throw new Error(`verify answered ${JSON.stringify(verdict)}`);
  }
  return { appendMs, readMs: median(reads), verifyMs: median(verifies), readCpuMs: median(readCpu), verifyCpuMs: median(verifyCpu) };
}

function print(where: string, f: Figures): void {
  console.log(`\nAudit chain, ${ENTRIES.toLocaleString("en")} entries in one company, ${where} (median of ${RUNS}, ms)`);
  console.log(`  append through recordAudit (${PER_TRANSACTION} a transaction)   ${f.appendMs.toFixed(0)}`);
  console.log(`  read every entry in chain order (reference)  ${f.readMs.toFixed(0)}   (this process's CPU ${f.readCpuMs.toFixed(0)})`);
  console.log(`  verify: read and recompute every hash        ${f.verifyMs.toFixed(0)}   ×${(f.verifyMs / f.readMs).toFixed(2)}   budget ${BUDGET_MS}   (this process's CPU ${f.verifyCpuMs.toFixed(0)})`);
  console.log(`  machine load while measuring: ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);
}

export async function reportAuditChain(): Promise<boolean> {
  // A scratch key: the bench measures the keyed chain, as a server writes and verifies it.
  useAuditChainKey(randomBytes(32));
  const dataDir = mkdtempSync(path.join(tmpdir(), "steward-bench-audit-"));
  const database = await openDatabase({ dataDir });
  let embedded: Figures;
  try {
    await runMigrations(database);
    embedded = await measure(database);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  print("embedded database", embedded);
  if (await postgresReachable()) print("PostgreSQL", await onPostgres());
  else console.log("\nAudit chain on PostgreSQL: skipped, no server at BENCH_DATABASE_URL (or the local one).");
  return embedded.verifyMs < BUDGET_MS;
}

/** The same on a scratch database of the PostgreSQL server, dropped afterwards. */
async function onPostgres(): Promise<Figures> {
  const name = `steward_bench_audit_${Date.now()}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  try {
    const database = await openDatabase({ url: url.toString() });
    try {
      await runMigrations(database);
      return await measure(database);
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await reportAuditChain()) ? 0 : 1;
}
