import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { applicationDocuments } from "../../server/db/schema";
import type { TestApp } from "./test-app";
import type { v2Caller } from "./tenants";

export interface UploadForm {
  url: string;
  fields: Record<string, string>;
}

/** A document's round trip as the browser makes it: add it, post the presigned form, confirm; and what ended up stored. */
export function documentUploads(test: () => TestApp, call: ReturnType<typeof v2Caller>, applicationId: () => string) {
  /** The browser's post: the form's fields in order, then the file. */
  function postForm(upload: UploadForm, bytes: Buffer, filename = "file.bin", fields = upload.fields) {
    const boundary = `----steward${randomBytes(8).toString("hex")}`;
    const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    const payload = Buffer.concat([
      ...parts,
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return test().app.inject({ method: "POST", url: upload.url, headers: { "content-type": `multipart/form-data; boundary=${boundary}` }, payload });
  }

  async function addDocument(name: string, who = "contributor", contentType?: string) {
    const res = await call(who, "POST", `/applications/${applicationId()}/documents`, { name, ...(contentType && { content_type: contentType }) });
    if (res.statusCode !== 201) throw new Error(`adding a document failed ${res.statusCode}: ${res.body}`);
    return res.json() as { document: { id: string; status: string }; upload: UploadForm };
  }

  const docPath = (id: string) => `/applications/${applicationId()}/documents/${id}`;
  const confirm = (id: string, who = "contributor") => call(who, "POST", `/applications/${applicationId()}/document/${id}`, { uploaded: true });
  const storageKey = async (id: string) => {
    const [row] = await test().database.db.select().from(applicationDocuments).where(eq(applicationDocuments.id, id));
    return row.storageKey;
  };
  const stored = async (id: string) => test().app.storage.open(await storageKey(id));

  return { postForm, addDocument, docPath, confirm, storageKey, stored };
}
