import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "../../server/db/seed";
import { SAMPLES } from "../../server/uploads/test-support";
import { freePort } from "../support/free-port";
import { signInOverHttp, until } from "../support/steward-process";
import { createTestDatabase } from "../support/test-app";

/**
 * Two Steward processes on one PostgreSQL, as a scaled-out deployment runs them: both serve, the
 * monitoring sweep runs once per round between them, and every queued document is checked once.
 */
interface Steward {
  origin: string;
  child: ChildProcess;
  /** Parsed log lines (pino JSON on stdout). */
  lines: Array<{ msg?: string; item?: string }>;
}

let drop: () => Promise<void>;
let dataDir: string;
const stewards: Steward[] = [];

async function start(port: number, env: Record<string, string>): Promise<Steward> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const steward: Steward = { origin: `http://127.0.0.1:${port}`, child, lines: [] };
  let buffered = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop()!;
    for (const line of lines) if (line.startsWith("{")) steward.lines.push(JSON.parse(line));
  });
  child.stderr!.resume();
  return steward;
}

async function call<T>(origin: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${origin}/v2${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The browser's upload: the presigned form's fields, then the file, posted to whichever process. */
async function postForm(origin: string, upload: { url: string; fields: Record<string, string> }, bytes: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(bytes)]), "report.pdf");
  const res = await fetch(new URL(upload.url, origin), { method: "POST", body: form });
  if (res.status !== 204) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
}

beforeAll(async () => {
  const created = await createTestDatabase();
  drop = created.drop;
  await seedDemoData(created.database.db);
  await created.database.close();
  // One DATA_DIR, as instances share one signing key and one file store (a volume, or S3).
  dataDir = await mkdtemp(path.join(tmpdir(), "steward-two-"));
  // Behind one load balancer both answer for one public origin: tokens name it as their issuer.
  const ports = [await freePort(), await freePort()];
  const env = { DATABASE_URL: created.url!, DATA_DIR: dataDir, LOG_LEVEL: "info", PROCESSING_INTERVAL_MS: "300", PUBLIC_URL: `http://127.0.0.1:${ports[0]}` };
  stewards.push(...(await Promise.all(ports.map((port) => start(port, env)))));
  for (const s of stewards) await until("both processes to be ready", async () => (await fetch(`${s.origin}/readyz`)).ok);
}, 120_000);

afterAll(async () => {
  for (const s of stewards) s.child.kill("SIGTERM");
  await Promise.all(stewards.map((s) => new Promise((resolve) => (s.child.exitCode !== null ? resolve(null) : s.child.once("exit", resolve)))));
  await drop?.();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("two Steward processes on one database", { timeout: 120_000 }, () => {
  it("both serve signed-in calls, with a token either one issued", async () => {
    const [a, b] = stewards;
    const token = await signInOverHttp(a.origin, "admin@steward.test");
    for (const s of [a, b]) expect((await call<{ email: string }>(s.origin, token, "GET", "/access/user")).email).toBe("admin@steward.test");
  });

  it("sweep once between them at start", async () => {
    // Each tries its sweep as soon as it is ready; give the second one time to find the round taken.
    await new Promise((r) => setTimeout(r, 3000));
    const sweeps = stewards.flatMap((s) => s.lines.filter((l) => l.msg === "monitoring sweep ran"));
    expect(sweeps).toHaveLength(1);
  });

  it("check every queued document exactly once, whichever process took the upload", async () => {
    const [a, b] = stewards;
    const token = await signInOverHttp(a.origin, "admin@steward.test");
    const { id: applicationId } = await call<{ id: string }>(a.origin, token, "POST", "/applications", { name: `Two processes ${Date.now()}` });
    const documents: string[] = [];
    for (let i = 0; i < 8; i++) {
      const origin = (i % 2 ? b : a).origin;
      const { document, upload } = await call<{ document: { id: string }; upload: { url: string; fields: Record<string, string> } }>(
        origin,
        token,
        "POST",
        `/applications/${applicationId}/documents`,
        { name: `report ${i}.pdf` },
      );
      await postForm(origin, upload, SAMPLES.pdf.bytes);
      await call(origin, token, "POST", `/applications/${applicationId}/document/${document.id}`, { uploaded: true });
      documents.push(document.id);
    }
    await until("every document to be checked", async () => {
      const { items } = await call<{ items: Array<{ status: string }> }>(a.origin, token, "GET", `/applications/${applicationId}/documents?page_size=50`);
      return items.length === documents.length && items.every((d) => d.status === "ready");
    });
    // A process logs the check after committing it: its line may reach us just after the status does.
    const logged = () => stewards.flatMap((s) => s.lines.filter((l) => l.msg === "document checked").map((l) => l.item));
    await until("every check to be logged", async () => logged().length >= documents.length);
    const checks = logged();
    expect(checks).toHaveLength(documents.length);
    expect(new Set(checks).size).toBe(documents.length);
  });
});
