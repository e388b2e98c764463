/**
 * How long `npm start` takes to answer /readyz: on an empty data folder (migrate + seed)
 * and again on the existing build and database. Reference: a bare Fastify server
 * started the same way (tsx) in the same run, so machine noise shows in both.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const FIRST_START_BUDGET_S = 15;
const WARM_START_BUDGET_S = 3;

async function timeToReady(args: string[], env: Record<string, string>, url: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: "ignore" });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(url).then((r) => r.ok, () => false);
      if (ok) return (performance.now() - started) / 1000;
      if (performance.now() - started > 120_000) throw new Error("not ready within 120 s");
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

const tsx = ["--import", "tsx"];

export async function reportStartup(): Promise<boolean> {
  const port = 30000 + (process.pid % 10000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "steward-bench-"));
  const bareFile = path.join(dataDir, "bare.mts");
  writeFileSync(bareFile, `import Fastify from "${path.join(root, "node_modules/fastify/fastify.js")}";\nconst app = Fastify();\napp.get("/readyz", async () => ({ status: "ok" }));\nawait app.listen({ port: ${port}, host: "127.0.0.1" });\n`);
  const env = { PORT: String(port), DATA_DIR: path.join(dataDir, "data"), LOG_LEVEL: "warn" };
  const url = `http://127.0.0.1:${port}/readyz`;
  try {
    const bare = await timeToReady([...tsx, bareFile], env, url);
    const first = await timeToReady([...tsx, "server/main.ts", "--no-build"], env, url);
    const warm = await timeToReady([...tsx, "server/main.ts"], env, url);
    console.log("\nStart until /readyz answers (s)");
    console.log(`  bare Fastify (reference)          ${bare.toFixed(2)}`);
    console.log(`  first start, empty data folder    ${first.toFixed(2)}   ×${(first / bare).toFixed(1)}   budget ${FIRST_START_BUDGET_S}`);
    console.log(`  start on existing build and data  ${warm.toFixed(2)}   ×${(warm / bare).toFixed(1)}   budget ${WARM_START_BUDGET_S}`);
    return first <= FIRST_START_BUDGET_S && warm <= WARM_START_BUDGET_S;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
