import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { RouteOptions } from "fastify";
import { companies, resourceGroups, users } from "../../server/db/schema";
import { createTestApp, type TestApp } from "./test-app";
import { createOtherCompany, signInCallers, v2Caller } from "./tenants";

/** What a testing API test starts from: an app with its own files, every caller signed in, and two applications. */
export interface TestingWorld {
  t: TestApp;
  call: ReturnType<typeof v2Caller>;
  /** Each caller's bearer token, for a request with headers of its own. */
  token: Readonly<Record<string, string>>;
  ids: Record<string, string>;
  /** An application in the contributor's group (Customer AI), owned by the contributor, and one outside it. */
  apps: { inReach: string; outside: string };
  close(): Promise<void>;
}

export async function testingWorld(
  options: { env?: Record<string, string>; details?: Record<string, unknown>; onRoute?: (route: RouteOptions) => void } = {},
): Promise<TestingWorld> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "steward-testing-"));
  // Workers are woken by the tests (and by the routes), never by the timer halfway through a test.
  const t = await createTestApp({ env: { DATA_DIR: dataDir, PROCESSING_INTERVAL_MS: "600000", ...options.env }, onRoute: options.onRoute });
  const db = t.database.db;
  const token: Record<string, string> = {};
  const call = v2Caller(() => t.app, token);
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  const customerAi = (await db.select().from(resourceGroups).where(eq(resourceGroups.companyId, company.id))).find((g) => g.name === "Customer AI")!.id;
  await createOtherCompany(db);
  Object.assign(token, await signInCallers(t.app));
  const ids: Record<string, string> = { company: company.id };
  for (const u of await db.select().from(users)) ids[u.email.split("@")[0]] = u.id;
  const create = async (body: Record<string, unknown>) => {
    const res = await call("admin", "POST", "/applications", body);
    if (res.statusCode !== 201) throw new Error(`creating an application failed ${res.statusCode}: ${res.body}`);
    return res.json().id as string;
  };
  const details = options.details && { details: options.details };
  const apps = {
    inReach: await create({ name: "Hiring screener", resource_group_id: customerAi, owner_id: ids.contributor, ...details }),
    outside: await create({ name: "Internal forecaster" }),
  };
  return {
    t,
    call,
    token,
    ids,
    apps,
    async close() {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A CSV file of these rows (the first is the header). */
export const csvOf = (rows: readonly (readonly (string | number)[])[]) => Buffer.from(rows.map((r) => r.join(",")).join("\n") + "\n");

/**
 * Uploads a file as a document of the application the way the browser does (add, post the presigned form, confirm)
 * and lets the document worker check it. Answers the document's id.
 */
export async function uploadDocument(world: TestingWorld, applicationId: string, name: string, bytes: Buffer, who = "admin"): Promise<string> {
  const added = await world.call(who, "POST", `/applications/${applicationId}/documents`, { name });
  if (added.statusCode !== 201) throw new Error(`adding a document failed ${added.statusCode}: ${added.body}`);
  const { document, upload } = added.json() as { document: { id: string }; upload: { url: string; fields: Record<string, string> } };
  const boundary = `----testing${randomBytes(8).toString("hex")}`;
  const payload = Buffer.concat([
    ...Object.entries(upload.fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const posted = await world.t.app.inject({ method: "POST", url: upload.url, headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, payload });
  if (posted.statusCode !== 204) throw new Error(`uploading failed ${posted.statusCode}: ${posted.body}`);
  await world.call(who, "POST", `/applications/${applicationId}/document/${document.id}`, { uploaded: true });
  await world.t.app.documentWorker.wake();
  return document.id;
}

/** Starts a test as `who` and throws unless it was accepted: answers the task. */
export async function startTest(world: TestingWorld, applicationId: string, body: Record<string, unknown>, who = "contributor") {
  const res = await world.call(who, "POST", `/applications/${applicationId}/testing/tasks`, body);
  if (res.statusCode !== 201) throw new Error(`starting a test failed ${res.statusCode}: ${res.body}`);
  return res.json() as { id: string; status: string };
}
