/**
 * `npm run bench:load -- --connections 64 --seconds 60 --restart-db-at 20`: Steward as a real process
 * on a PostgreSQL of its own, under N concurrent clients of mixed reads and writes for T seconds, the
 * database optionally restarted in the middle. It prints req/s, p50/p99, answers by status, and the
 * acknowledged writes against the rows found afterwards; it fails (exit 1) when the process died, an
 * answer was other than 2xx, 503 or 429, an acknowledged write is missing, or service took more than
 * 5 s to come back after the database did.
 */
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { freePort } from "../tests/support/free-port";
import { signInOverHttp, until } from "../tests/support/steward-process";
import { PrivateCluster } from "./load/cluster";
import { newTally, oneRequest, percentile, type Caller } from "./load/traffic";

const RECOVERY_BUDGET_MS = 5000;
const ACCEPTED = new Set(["503", "429"]);

const { values: args } = parseArgs({
  options: { connections: { type: "string", default: "64" }, seconds: { type: "string", default: "60" }, "restart-db-at": { type: "string" } },
});
const connections = Number(args.connections);
const seconds = Number(args.seconds);
const restartAt = args["restart-db-at"] === undefined ? undefined : Number(args["restart-db-at"]);
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

async function rowsFound(url: string, table: "vendors" | "applications", names: string[]): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${table} where name = any($1)`, [names]);
    return rows[0].n;
  } finally {
    await client.end();
  }
}

async function main(): Promise<boolean> {
  const cluster = await PrivateCluster.start(log);
  const dataDir = mkdtempSync(path.join(tmpdir(), "steward-load-"));
  let steward: ChildProcess | undefined;
  let exited: string | undefined;
  try {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = { ...process.env, DATABASE_URL: cluster.url, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn", RATE_LIMIT_MAX: "100000000" };
    log(`PostgreSQL on port ${cluster.port}; migrating and seeding the demo company…`);
    execFileSync(process.execPath, ["--import", "tsx", "server/db/seed/cli.ts"], { env, stdio: "ignore" });
    steward = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { env, stdio: ["ignore", "ignore", "pipe"] });
    steward.stderr?.on("data", () => {});
    steward.on("exit", (code, signal) => (exited = `exited with ${signal ?? code}`));
    await until("Steward to be ready", async () => (await fetch(`${origin}/readyz`)).ok);
    const callers: Caller[] = [];
    for (const email of ["admin@steward.test", "contributor@steward.test"]) callers.push({ origin, token: await signInOverHttp(origin, email) });
    log(`Steward (pid ${steward.pid}) ready on port ${port}: ${connections} connections for ${seconds} s${restartAt !== undefined ? `, restart at ${restartAt} s` : ""}`);

    const tally = newTally();
    const started = performance.now();
    const endAt = started + seconds * 1000;
    let databaseBackAt: number | undefined;
    const restart = async () => {
      if (restartAt === undefined) return;
      await new Promise((r) => setTimeout(r, restartAt * 1000));
      await cluster.restart();
      databaseBackAt = performance.now() - started;
      log(`PostgreSQL is back at ${(databaseBackAt / 1000).toFixed(1)} s`);
    };
    await Promise.all([
      restart(),
      ...Array.from({ length: connections }, async (_, i) => {
        while (performance.now() < endAt && !exited) await oneRequest(callers[i % callers.length], started, tally);
      }),
    ]);
    const elapsed = (performance.now() - started) / 1000;

    const alive = !exited && (await fetch(`${origin}/healthz`).then((r) => r.ok).catch(() => false));
    const acknowledgedVendors = tally.acknowledged.vendors;
    const acknowledgedApps = tally.acknowledged.applications;
    const found = (await rowsFound(cluster.url, "vendors", acknowledgedVendors)) + (await rowsFound(cluster.url, "applications", acknowledgedApps));
    const acknowledged = acknowledgedVendors.length + acknowledgedApps.length;
    const total = tally.latencies.length;
    const recovery = databaseBackAt === undefined ? undefined : (tally.okTimes.find((t) => t >= databaseBackAt!) ?? Infinity) - databaseBackAt;
    const unexpected = [...tally.statuses].filter(([status]) => !status.startsWith("2") && !ACCEPTED.has(status));

    console.log(`\nLoad: ${connections} connections, ${elapsed.toFixed(1)} s, PostgreSQL ${restartAt === undefined ? "left alone" : `restarted at ${restartAt} s`}`);
    console.log(`  requests        ${total}  (${(total / elapsed).toFixed(0)} req/s)`);
    console.log(`  latency         p50 ${percentile(tally.latencies, 50).toFixed(1)} ms, p99 ${percentile(tally.latencies, 99).toFixed(1)} ms`);
    console.log(`  answers         ${[...tally.statuses].sort().map(([s, n]) => `${s}: ${n}`).join(", ")}`);
    console.log(`  writes          ${acknowledged} acknowledged, ${found} found in the database, ${acknowledged - found} missing`);
    if (recovery !== undefined) console.log(`  recovery        first 2xx ${Number.isFinite(recovery) ? `${(recovery / 1000).toFixed(2)} s` : "never"} after the database was back (budget ${RECOVERY_BUDGET_MS / 1000} s)`);
    console.log(`  Steward process ${alive ? "alive, /healthz 200" : `DOWN (${exited ?? "/healthz not answering"})`}`);

    const failures = [
      ...(alive ? [] : ["the Steward process did not survive"]),
      ...unexpected.map(([status, n]) => `${n} answers ${status}`),
      ...(acknowledged === found ? [] : [`${acknowledged - found} acknowledged writes missing`]),
      ...(recovery === undefined || recovery <= RECOVERY_BUDGET_MS ? [] : ["service did not come back within 5 s of the database"]),
    ];
    console.log(failures.length ? `\nFAILED: ${failures.join("; ")}` : "\nPASSED: survived, only 2xx/503/429, no acknowledged write lost.");
    return failures.length === 0;
  } finally {
    steward?.kill("SIGTERM");
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = (await main()) ? 0 : 1;
