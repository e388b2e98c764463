import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { resourceGroups } from "../../server/db/schema";
import { SAMPLES } from "../../server/uploads/test-support";
import type { LocalStorage } from "../../server/storage/local";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";
import { documentUploads } from "../support/document-uploads";

/** Uploads are judged by their bytes: a name or declared type that disagrees is refused, naming both; a form stores once. */
let t: TestApp;
let dataDir: string;

let applicationId: string;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);

const { postForm, addDocument, docPath, confirm, storageKey, stored } = documentUploads(() => t, call, () => applicationId);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "steward-document-types-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir, PROCESSING_INTERVAL_MS: "60000" } });
  const db = t.database.db;
  const [group] = await db.select().from(resourceGroups).where(eq(resourceGroups.name, "Customer AI"));
  await createOtherCompany(db);
  Object.assign(token, await signInCallers(t.app));
  const created = await call("admin", "POST", "/applications", { name: "Document holder", resource_group_id: group.id });
  applicationId = created.json().id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const JSON_FILE = Buffer.from('{"model":"scorer","owner":"Ana"}\n');

describe("content that does not match its name or declared type", () => {
  const cases: [string, Buffer, string | undefined, string, string][] = [
    ["model.pdf", JSON_FILE, undefined, "application/pdf", "text/csv"],
    ["card.pdf", SAMPLES.docx.bytes, undefined, "application/pdf", SAMPLES.docx.type],
    ["sheet.csv", SAMPLES.xlsx.bytes, undefined, "text/csv", SAMPLES.xlsx.type],
    ["old.docx", SAMPLES.doc.bytes, undefined, SAMPLES.docx.type, SAMPLES.doc.type],
    ["report", SAMPLES.pdf.bytes, SAMPLES.docx.type, SAMPLES.docx.type, "application/pdf"],
  ];
  for (const [name, bytes, declared, claimed, detected] of cases) {
    it(`refuses ${name}${declared ? ` declared ${declared}` : ""} whose content is ${detected}, naming both`, async () => {
      const { document, upload } = await addDocument(name, "contributor", declared);
      const res = await postForm(upload, bytes, name);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toContain(claimed);
      expect(res.json().detail).toContain(detected);
      expect(res.json()).toMatchObject({ claimed_type: claimed, detected_type: detected });
      expect(await stored(document.id)).toBeNull();
      expect((await call("contributor", "GET", docPath(document.id))).json()).toMatchObject({ status: "error", error: "documents.errors.mismatch" });
    });
  }
});

describe("bytes that reached the store without passing the upload route (as with a bucket)", () => {
  it("are checked against the name when processed: a mismatch ends in error and the object is removed", async () => {
    const { document } = await addDocument("model-card.pdf");
    const received = await (t.app.storage as LocalStorage).receive(await storageKey(document.id), Readable.from([SAMPLES.docx.bytes]), SAMPLES.docx.bytes.length);
    await received.commit();
    expect((await confirm(document.id)).statusCode).toBe(200);
    await t.app.documentWorker.wake();
    expect((await call("contributor", "GET", docPath(document.id))).json()).toMatchObject({ status: "error", error: "documents.errors.mismatch", content_type: null });
    expect(await stored(document.id)).toBeNull();
  });
});

describe("matching content", () => {
  for (const kind of ["pdf", "doc", "docx", "xlsx", "csv"] as const) {
    it(`accepts a .${kind} and serves it with the detected type, byte for byte`, async () => {
      const { document, upload } = await addDocument(`file.${kind}`, "contributor", SAMPLES[kind].type);
      expect((await postForm(upload, SAMPLES[kind].bytes)).statusCode).toBe(204);
      expect((await confirm(document.id)).statusCode).toBe(200);
      await t.app.documentWorker.wake();
      expect((await call("contributor", "GET", docPath(document.id))).json().content_type).toBe(SAMPLES[kind].type);
      const content = await call("contributor", "GET", `${docPath(document.id)}/content`);
      expect(content.statusCode).toBe(200);
      expect(content.headers["content-type"]).toContain(SAMPLES[kind].type);
      expect(content.rawPayload.equals(SAMPLES[kind].bytes)).toBe(true);
    });
  }
});

describe("a single-use upload form", () => {
  it("refuses a second post of the same form (409) and keeps the first file byte for byte", async () => {
    const { document, upload } = await addDocument("once.pdf");
    expect((await postForm(upload, SAMPLES.pdf.bytes)).statusCode).toBe(204);
    const replay = Buffer.from("%PDF-1.4\n% replaced\n%%EOF\n");
    const res = await postForm(upload, replay);
    expect(res.statusCode).toBe(409);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    const file = await stored(document.id);
    expect(Buffer.from(await file!.read(0, file!.size)).equals(SAMPLES.pdf.bytes)).toBe(true);
  });

  it("of two racing posts of one form, exactly one stores its bytes", async () => {
    const { document, upload } = await addDocument("race.pdf");
    const other = Buffer.from("%PDF-1.4\n% the other one\n%%EOF\n");
    const answers = await Promise.all([postForm(upload, SAMPLES.pdf.bytes), postForm(upload, other)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
    const winner = answers[0].statusCode === 204 ? SAMPLES.pdf.bytes : other;
    const file = await stored(document.id);
    expect(Buffer.from(await file!.read(0, file!.size)).equals(winner)).toBe(true);
  });
});
