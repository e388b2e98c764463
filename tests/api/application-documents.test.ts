import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { companies, resourceGroups } from "../../server/db/schema";
import { EXE, SAMPLES } from "../../server/uploads/test-support";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";
import { documentUploads } from "../support/document-uploads";

/** Documents of an application (upload, background check, download) through the local driver's upload endpoint. */
let t: TestApp;
let dataDir: string;
let companyId: string;
let applicationId: string;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);

const { postForm, addDocument, docPath, confirm, stored, storageKey } = documentUploads(() => t, call, () => applicationId);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "steward-documents-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir, PROCESSING_INTERVAL_MS: "60000" } });
  const db = t.database.db;
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  companyId = company.id;
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

describe("adding a document", () => {
  it("create → upload → confirm → the worker marks it ready → it downloads byte for byte", async () => {
    const { document, upload } = await addDocument("Risk assessment ../../etc/passwd.pdf", "contributor", "application/pdf");
    expect(document).toMatchObject({ status: "created", content_type: null, size: null, uploaded_by: { name: "Carlos Contributor" } });
    // The key is ours, made of ids: never the user's file name.
    expect(upload.fields.key).toBe(`${companyId}/${applicationId}/${document.id}`);
    expect(upload.url).toBe("/v2/uploads");
    expect(upload.fields).toMatchObject({ "Content-Type": "application/pdf", "X-Amz-Algorithm": expect.any(String), "X-Amz-Credential": expect.any(String) });
    expect(upload.fields.Policy).toBeTruthy();
    expect(upload.fields["X-Amz-Signature"]).toMatch(/^[0-9a-f]{64}$/);

    const posted = await postForm(upload, SAMPLES.pdf.bytes, "Risk assessment.pdf");
    expect(posted.statusCode).toBe(204);
    expect((await stored(document.id))?.size).toBe(SAMPLES.pdf.bytes.length);

    const confirmed = await confirm(document.id);
    expect(confirmed.statusCode).toBe(200);
    expect(["waiting", "analyzing", "ready"]).toContain(confirmed.json().status);
    await t.app.documentWorker.wake();

    const list = (await call("reviewer", "GET", `/applications/${applicationId}/documents`)).json();
    const listed = list.items.find((d: { id: string }) => d.id === document.id);
    expect(listed).toMatchObject({ name: "Risk assessment ../../etc/passwd.pdf", status: "ready", error: null, content_type: "application/pdf", size: SAMPLES.pdf.bytes.length });

    const content = await call("reviewer", "GET", `${docPath(document.id)}/content`);
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(SAMPLES.pdf.bytes)).toBe(true);
    expect(content.headers["content-type"]).toBe("application/pdf");
    expect(content.headers["x-content-type-options"]).toBe("nosniff");
    expect(content.headers["content-disposition"]).toBe(
      `attachment; filename="Risk assessment .._.._etc_passwd.pdf"; filename*=UTF-8''Risk%20assessment%20..%2F..%2Fetc%2Fpasswd.pdf`,
    );

    const activity = (await call("admin", "GET", `/applications/${applicationId}/activity`)).json();
    expect(JSON.stringify(activity)).toContain("document.added");
  });

  it.each(Object.entries(SAMPLES))("recognises a %s upload by its bytes, whatever unaccepted type or extension is claimed", async (kind, sample) => {
    const { document, upload } = await addDocument(`sample.${kind === "pdf" ? "txt" : kind}`, "admin", "image/png");
    expect(upload.fields["Content-Type"]).toBeUndefined();
    expect((await postForm(upload, sample.bytes)).statusCode).toBe(204);
    expect((await confirm(document.id, "admin")).statusCode).toBe(200);
    await t.app.documentWorker.wake();
    expect((await call("admin", "GET", docPath(document.id))).json()).toMatchObject({ status: "ready", content_type: sample.type });
  });

  it("accepts a file well past the JSON body limit, up to 25 MB", async () => {
    const { document, upload } = await addDocument("scan.pdf");
    const big = Buffer.concat([SAMPLES.pdf.bytes, Buffer.alloc(25 * 1024 * 1024 - SAMPLES.pdf.bytes.length, 0x20)]);
    expect((await postForm(upload, big, "scan.pdf")).statusCode).toBe(204);
    expect((await stored(document.id))?.size).toBe(25 * 1024 * 1024);
  });

  it("refuses a 30 MB file with 413: nothing stored, the item in error", async () => {
    const { document, upload } = await addDocument("huge.pdf");
    const huge = Buffer.concat([SAMPLES.pdf.bytes, Buffer.alloc(30 * 1024 * 1024)]);
    const res = await postForm(upload, huge, "huge.pdf");
    expect(res.statusCode).toBe(413);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(res.json().detail).toBe("The file is larger than 25 MB.");
    expect(await stored(document.id)).toBeNull();
    expect((await call("contributor", "GET", docPath(document.id))).json()).toMatchObject({ status: "error", error: "documents.errors.tooLarge" });
  });

  it("refuses a .exe renamed .pdf with 400: nothing stored, the item in error, never ready", async () => {
    const { document, upload } = await addDocument("invoice.pdf", "contributor", "application/pdf");
    const res = await postForm(upload, EXE, "invoice.pdf");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: "file", message: expect.any(String) }]);
    expect(await stored(document.id)).toBeNull();
    expect((await call("contributor", "GET", docPath(document.id))).json()).toMatchObject({ status: "error", error: "documents.errors.type" });
    // Confirming anyway only retries the check, which finds nothing stored.
    expect((await confirm(document.id)).statusCode).toBe(200);
    await t.app.documentWorker.wake();
    expect((await call("contributor", "GET", docPath(document.id))).json()).toMatchObject({ status: "error", error: "documents.errors.missing" });
    expect((await call("contributor", "GET", `${docPath(document.id)}/content`)).statusCode).toBe(409);
  });

  it("refuses a tampered policy, a tampered signature, another document's key and a missing policy with 403", async () => {
    const { document, upload } = await addDocument("tamper.pdf");
    const other = await addDocument("other.pdf");
    const policy = JSON.parse(Buffer.from(upload.fields.Policy, "base64").toString("utf8"));
    policy.conditions = policy.conditions.map((c: unknown) => (Array.isArray(c) && c[0] === "content-length-range" ? [c[0], 1, 1e12] : c));
    const widened = Buffer.from(JSON.stringify(policy)).toString("base64");
    const signature = upload.fields["X-Amz-Signature"];
    const flipped = `${signature[0] === "a" ? "b" : "a"}${signature.slice(1)}`;
    const { Policy: _p, ...noPolicy } = upload.fields;
    for (const fields of [
      { ...upload.fields, Policy: widened },
      { ...upload.fields, "X-Amz-Signature": flipped },
      { ...upload.fields, key: other.upload.fields.key },
      noPolicy,
    ]) {
      const res = await postForm(upload, SAMPLES.pdf.bytes, "tamper.pdf", fields);
      expect(res.statusCode).toBe(403);
    }
    expect(await stored(document.id)).toBeNull();
    expect(await stored(other.document.id)).toBeNull();
    expect((await call("contributor", "GET", docPath(document.id))).json().status).toBe("created");
  });

  it("keeps a confirmed document's bytes: the same form cannot replace them (409)", async () => {
    const { document, upload } = await addDocument("final.csv");
    expect((await postForm(upload, SAMPLES.csv.bytes)).statusCode).toBe(204);
    expect((await confirm(document.id)).statusCode).toBe(200);
    expect((await postForm(upload, SAMPLES.pdf.bytes)).statusCode).toBe(409);
    expect((await confirm(document.id)).statusCode).toBe(409);
  });

  it("takes back a document whose file never arrived, with any bytes that did; a confirmed one stays (409)", async () => {
    const { document } = await addDocument("never-sent.pdf");
    expect((await call("contributor", "DELETE", docPath(document.id))).statusCode).toBe(204);
    expect((await call("contributor", "GET", docPath(document.id))).statusCode).toBe(404);
    const listed = (await call("contributor", "GET", `/applications/${applicationId}/documents`)).json().items.map((d: { id: string }) => d.id);
    expect(listed).not.toContain(document.id);

    // The answer to the upload was lost on its way back: the browser takes the document back, and the bytes go too.
    const half = await addDocument("lost-answer.csv");
    expect((await postForm(half.upload, SAMPLES.csv.bytes)).statusCode).toBe(204);
    const key = await storageKey(half.document.id);
    expect((await call("contributor", "DELETE", docPath(half.document.id))).statusCode).toBe(204);
    expect(await t.app.storage.open(key)).toBeNull();

    const kept = await addDocument("kept.csv");
    expect((await postForm(kept.upload, SAMPLES.csv.bytes)).statusCode).toBe(204);
    expect((await confirm(kept.document.id)).statusCode).toBe(200);
    expect((await call("contributor", "DELETE", docPath(kept.document.id))).statusCode).toBe(409);
    expect((await call("contributor", "GET", docPath(kept.document.id))).statusCode).toBe(200);
  });

  it("renames a document (display only) and records it", async () => {
    const { document } = await addDocument("draft.docx");
    const res = await call("contributor", "POST", `/applications/${applicationId}/document/${document.id}`, { name: "Final model card.docx" });
    expect(res.json()).toMatchObject({ name: "Final model card.docx", status: "created" });
    const activity = JSON.stringify((await call("admin", "GET", `/applications/${applicationId}/activity`)).json());
    expect(activity).toContain("document.updated");
    expect((await call("contributor", "POST", `/applications/${applicationId}/document/${document.id}`, { name: "  " })).statusCode).toBe(400);
  });
});

describe("who reaches documents", () => {
  it("a reviewer reads them but may not add or confirm one (403)", async () => {
    const { document } = await addDocument("reviewed.pdf");
    expect((await call("reviewer", "GET", `/applications/${applicationId}/documents`)).statusCode).toBe(200);
    expect((await call("reviewer", "POST", `/applications/${applicationId}/documents`, { name: "mine.pdf" })).statusCode).toBe(403);
    expect((await confirm(document.id, "reviewer")).statusCode).toBe(403);
  });

  it("another company, or a user without roles, finds none of it (404)", async () => {
    const { document } = await addDocument("secret.pdf");
    for (const who of ["other", "noroles"]) {
      expect((await call(who, "GET", `/applications/${applicationId}/documents`)).statusCode).toBe(404);
      expect((await call(who, "POST", `/applications/${applicationId}/documents`, { name: "x.pdf" })).statusCode).toBe(404);
      expect((await call(who, "GET", docPath(document.id))).statusCode).toBe(404);
      expect((await call(who, "GET", `${docPath(document.id)}/content`)).statusCode).toBe(404);
      expect((await confirm(document.id, who)).statusCode).toBe(404);
    }
  });

  it("a document id under another application is not found", async () => {
    const { document } = await addDocument("elsewhere.pdf");
    const second = (await call("admin", "POST", "/applications", { name: "Second holder" })).json();
    expect((await call("admin", "GET", `/applications/${second.id}/documents/${document.id}`)).statusCode).toBe(404);
  });
});
