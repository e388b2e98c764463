import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { DEMO_COMPANY } from "../../server/db/seed/company";
import { companies, companyLogos } from "../../server/db/schema";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/** The company logo: POST, GET and DELETE /v2/company/logo. */
let t: TestApp;
let companyId: string;
let otherCompanyId: string;
const token: Record<string, string> = {};
const v2 = v2Caller(() => t.app, token);

const ascii = (text: string) => Buffer.from(text, "latin1");
// A real 1×1 PNG; the JPEG and WebP only need their signatures, which is all the server looks at.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), ascii("JFIF\0"), Buffer.alloc(64, 7), Buffer.from([0xff, 0xd9])]);
const WEBP = Buffer.concat([ascii("RIFF"), Buffer.from([0x1a, 0, 0, 0]), ascii("WEBPVP8L"), Buffer.alloc(18, 3)]);
const EXE = Buffer.concat([ascii("MZ"), Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0]), Buffer.alloc(200, 0)]);
const SVG = ascii('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>');

/** A PNG-signed file of exactly `size` bytes. */
const pngOfSize = (size: number) => Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(size - 8, 1)]);

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

function multipartBody(parts: Part[]) {
  const boundary = "----steward-test-boundary";
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ""}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`;
    chunks.push(ascii(head), Buffer.isBuffer(part.data) ? part.data : ascii(part.data), ascii("\r\n"));
  }
  chunks.push(ascii(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(who: string | null, data: Buffer, filename = "logo.png", type = "image/png") {
  const { payload, contentType } = multipartBody([{ name: "file", filename, type, data }]);
  return t.app.inject({
    method: "POST",
    url: "/v2/company/logo",
    headers: { "content-type": contentType, ...(who ? { authorization: `Bearer ${token[who]}` } : {}) },
    payload,
  });
}

const getLogo = (who: string, url = "/v2/company/logo", headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token[who]}`, ...headers } });

/** The stored row without its bytes (the bytes are checked through GET, and deep-comparing a 1 MB buffer is slow). */
const storedLogo = async (id: string) => {
  const { contentType, size, sha256, updatedAt } = companyLogos;
  return (await t.database.db.select({ contentType, size, sha256, updatedAt }).from(companyLogos).where(eq(companyLogos.companyId, id)))[0];
};
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  [{ id: companyId }] = await db.select().from(companies).where(eq(companies.name, DEMO_COMPANY.name));
  ({ companyId: otherCompanyId } = await createOtherCompany(db));
  Object.assign(token, await signInCallers(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe("company logo", () => {
  it("answers 401 without a token", async () => {
    expect((await upload(null, PNG)).statusCode).toBe(401);
    expect((await v2(null, "GET", "/company/logo")).statusCode).toBe(401);
    expect((await v2(null, "DELETE", "/company/logo")).statusCode).toBe(401);
  });

  it("answers 404 problem while there is no logo", async () => {
    const res = await getLogo("admin");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/problem+json");
  });

  it.each([
    ["PNG", PNG, "image/png"],
    ["JPEG", JPEG, "image/jpeg"],
    ["WebP", WEBP, "image/webp"],
  ])("stores a %s and serves it back byte for byte with its type", async (_kind, bytes, type) => {
    // The client's name and type are ignored: the bytes decide.
    const res = await upload("admin", bytes, "whatever.bin", "application/octet-stream");
    expect(res.statusCode, res.body).toBe(200);
    const hash = sha256(bytes);
    expect(res.json()).toEqual({
      id: companyId,
      name: DEMO_COMPANY.name,
      size: DEMO_COMPANY.size,
      industry: DEMO_COMPANY.industry,
      logo_url: `/v2/company/logo?v=${hash.slice(0, 16)}`,
      mfa_policy: "optional",
      version: 1,
    });
    expect(await storedLogo(companyId)).toMatchObject({ contentType: type, size: bytes.length, sha256: hash });

    const served = await getLogo("admin", res.json().logo_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe(type);
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers.etag).toBe(`"${hash}"`);
    expect(served.headers["cache-control"]).toMatch(/^private, max-age=\d+/);
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
  });

  it("lets every user of the company read it, revalidating an unversioned URL with the ETag", async () => {
    const company = (await v2("reviewer", "GET", "/company")).json();
    expect(company.logo_url).toMatch(/^\/v2\/company\/logo\?v=[0-9a-f]{16}$/);
    for (const who of ["reviewer", "approver", "contributor", "noroles"]) {
      expect((await getLogo(who, company.logo_url)).statusCode, who).toBe(200);
    }
    const plain = await getLogo("contributor");
    expect(plain.headers["cache-control"]).toBe("private, max-age=0, must-revalidate");
    const again = await getLogo("contributor", "/v2/company/logo", { "if-none-match": plain.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await getLogo("contributor", "/v2/company/logo", { "if-none-match": '"stale"' })).statusCode).toBe(200);
  });

  it("rejects a renamed executable, an SVG, text or an empty file with 400 naming `file`, keeping the logo", async () => {
    const before = await storedLogo(companyId);
    for (const [bytes, name, type] of [
      [EXE, "logo.png", "image/png"],
      [SVG, "logo.svg", "image/svg+xml"],
      [ascii("just some text, not an image"), "logo.jpg", "image/jpeg"],
      [Buffer.alloc(0), "empty.png", "image/png"],
    ] as const) {
      const res = await upload("admin", bytes, name, type);
      expect(res.statusCode, name).toBe(400);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(["file"]);
    }
    const exe = (await upload("admin", EXE)).json();
    expect(exe.errors[0].message).toBe("Only PNG, JPEG or WebP images are accepted.");
    expect(await storedLogo(companyId)).toEqual(before);
  });

  it("answers 413 to a logo over 1 MB and stores nothing, while exactly 1 MB is fine", async () => {
    const before = await storedLogo(companyId);
    for (const size of [5 * 1024 * 1024, 1024 * 1024 + 1]) {
      const res = await upload("admin", pngOfSize(size));
      expect(res.statusCode, String(size)).toBe(413);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(res.json().detail).toBe("The logo is larger than 1 MB.");
      expect(await storedLogo(companyId)).toEqual(before);
    }
    const exact = pngOfSize(1024 * 1024);
    const res = await upload("admin", exact);
    expect(res.statusCode, res.body).toBe(200);
    expect((await storedLogo(companyId)).size).toBe(1024 * 1024);
    expect(Buffer.compare((await getLogo("admin")).rawPayload, exact)).toBe(0);
  });

  it("answers a body that is not multipart, or has no file, with a clear problem", async () => {
    const json = await v2("admin", "POST", "/company/logo", { file: "logo.png" });
    expect(json.statusCode).toBe(415);
    expect(json.json().detail).toMatch(/multipart\/form-data/);

    const raw = await t.app.inject({
      method: "POST",
      url: "/v2/company/logo",
      headers: { authorization: `Bearer ${token.admin}`, "content-type": "image/png" },
      payload: PNG,
    });
    expect(raw.statusCode).toBe(415);
    expect(raw.headers["content-type"]).toContain("application/problem+json");

    const { payload, contentType } = multipartBody([{ name: "note", data: "no file here" }]);
    const empty = await t.app.inject({
      method: "POST",
      url: "/v2/company/logo",
      headers: { authorization: `Bearer ${token.admin}`, "content-type": contentType },
      payload,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.map((e: { path: string }) => e.path)).toEqual(["file"]);
  });

  it.each(["reviewer", "approver", "contributor", "noroles"])("answers 403 to %s uploading or removing", async (who) => {
    const before = await storedLogo(companyId);
    const res = await upload(who, WEBP);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe("Only an Administrator can change the company's logo.");
    expect((await v2(who, "DELETE", "/company/logo")).statusCode).toBe(403);
    expect(await storedLogo(companyId)).toEqual(before);
  });

  it("keeps each company to its own logo", async () => {
    expect((await getLogo("other")).statusCode).toBe(404);
    expect((await v2("other", "GET", "/company")).json().logo_url).toBeNull();

    const theirs = await upload("other", JPEG, "their.jpg", "image/jpeg");
    expect(theirs.json()).toMatchObject({ id: otherCompanyId, logo_url: `/v2/company/logo?v=${sha256(JPEG).slice(0, 16)}` });
    expect(Buffer.compare((await getLogo("other")).rawPayload, JPEG)).toBe(0);
    // Ours is untouched, and a version of ours in the URL still serves theirs to them: it is always the caller's company.
    const ours = (await v2("admin", "GET", "/company")).json().logo_url;
    expect(ours).not.toBe(theirs.json().logo_url);
    expect(Buffer.compare((await getLogo("other", ours)).rawPayload, JPEG)).toBe(0);
    expect((await storedLogo(companyId)).sha256).not.toBe(sha256(JPEG));
  });

  it("removes the logo for an Administrator (204), after which it is gone", async () => {
    const res = await v2("admin", "DELETE", "/company/logo");
    expect(res.statusCode).toBe(204);
    expect(await storedLogo(companyId)).toBeUndefined();
    expect((await getLogo("admin")).statusCode).toBe(404);
    expect((await v2("admin", "GET", "/company")).json().logo_url).toBeNull();
    // Removing again is harmless; the other company's logo stays.
    expect((await v2("admin", "DELETE", "/company/logo")).statusCode).toBe(204);
    expect(await storedLogo(otherCompanyId)).toBeDefined();
  });

  it("shows the logo URL in PATCH /company answers too", async () => {
    const uploaded = (await upload("admin", PNG)).json();
    const patched = await v2("admin", "PATCH", "/company", { industry: DEMO_COMPANY.industry });
    expect(patched.json().logo_url).toBe(uploaded.logo_url);
  });
});
