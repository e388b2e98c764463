import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(path.join(tmpdir(), "steward-start-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Starts the real server as `npm start` does and collects what it prints until it exits. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts", "--no-build"], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: "silent", PORT: "0", DATA_DIR: path.join(scratch, "unused"), ...env },
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr: stderr.trim() });
    });
  });
}

function expectOneClearLine(result: { code: number | null; stderr: string }, pattern: RegExp) {
  expect(result.code).toBe(1);
  expect(result.stderr.split("\n")).toHaveLength(1);
  expect(result.stderr).toMatch(/^Steward cannot start: /);
  expect(result.stderr).toMatch(pattern);
}

describe("a start that cannot succeed says why in one line and exits non-zero", () => {
  it("names an invalid setting", async () => {
    expectOneClearLine(await start({ PORT: "eighty" }), /Invalid setting PORT/);
  });

  it("names half-configured Cognito", async () => {
    expectOneClearLine(await start({ COGNITO_USER_POOL_ID: "eu-west-1_abc" }), /COGNITO_USER_POOL_ID, COGNITO_CLIENT_ID and COGNITO_REGION together/);
  });

  it("says PostgreSQL cannot be reached", async () => {
    expectOneClearLine(await start({ DATABASE_URL: "postgres://nobody@127.0.0.1:9/none" }), /Cannot reach PostgreSQL at 127\.0\.0\.1:9\/none.*DATABASE_URL/);
  });

  it("says the port is taken", async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      expectOneClearLine(await start({ PORT: String(port), DATA_DIR: path.join(scratch, "port") }), new RegExp(`Port ${port} .*already in use`));
    } finally {
      blocker.close();
    }
  });

  it("says the data directory is in use by another server", async () => {
    const dir = path.join(scratch, "locked");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "steward.lock"), String(process.pid)); // a live process holds it
    expectOneClearLine(await start({ DATA_DIR: dir }), new RegExp(`in use by another Steward server \\(pid ${process.pid}\\)`));
  });

  it("says the embedded database is corrupt", async () => {
    const dir = path.join(scratch, "corrupt");
    mkdirSync(path.join(dir, "db"), { recursive: true });
    writeFileSync(path.join(dir, "db", "PG_VERSION"), "not a version\n");
    writeFileSync(path.join(dir, "db", "postgresql.conf"), "\u0000\u0001garbage");
    expectOneClearLine(await start({ DATA_DIR: dir }), /embedded database .* cannot be opened/);
  });

  it("says the data directory cannot be used when it is a file", async () => {
    const file = path.join(scratch, "a-file");
    writeFileSync(file, "x");
    expectOneClearLine(await start({ DATA_DIR: file }), /data directory .* is not readable and writable/);
  });
});
