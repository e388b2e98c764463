import { describe, expect, it } from "vitest";
import { presignLocal, verifyLocalForm } from "./local-policy";

const secret = Buffer.alloc(32, 7);
const key = "11111111-1111-4111-8111-111111111111/22222222-2222-4222-8222-222222222222/33333333-3333-4333-8333-333333333333";
const form = (contentType?: string) => presignLocal(secret, "/v2/uploads", { key, maxBytes: 25 * 1024 * 1024, contentType, expiresInSeconds: 900 });
/** What the upload endpoint sees: every field name lower-cased. */
const posted = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.toLowerCase(), v]));
const policyOf = (encoded: string) => JSON.parse(Buffer.from(encoded, "base64").toString("utf8"));

describe("the local presigned POST", () => {
  it("has S3's fields, and a policy binding the key, the size range and every field", () => {
    const { url, fields } = form("application/pdf");
    expect(url).toBe("/v2/uploads");
    expect(Object.keys(fields).sort()).toEqual(["Content-Type", "Policy", "X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Date", "X-Amz-Signature", "key"].sort());
    const policy = policyOf(fields.Policy);
    expect(policy.conditions).toContainEqual(["content-length-range", 1, 25 * 1024 * 1024]);
    expect(policy.conditions).toContainEqual({ key });
    expect(policy.conditions).toContainEqual({ "Content-Type": "application/pdf" });
    expect(Date.parse(policy.expiration) - Date.now()).toBeGreaterThan(890_000);
  });

  it("verifies an untouched form, field names in any case", () => {
    expect(verifyLocalForm(secret, posted(form().fields))).toEqual({ ok: true, key, maxBytes: 25 * 1024 * 1024 });
  });

  it("refuses a changed policy, a changed signature, another secret and a missing signature", () => {
    const { fields } = form();
    const policy = policyOf(fields.Policy);
    policy.conditions[0] = ["content-length-range", 1, 1024 * 1024 * 1024];
    const bigger = Buffer.from(JSON.stringify(policy)).toString("base64");
    expect(verifyLocalForm(secret, posted({ ...fields, Policy: bigger })).ok).toBe(false);
    const flipped = fields["X-Amz-Signature"].replace(/^./, (c) => (c === "0" ? "1" : "0"));
    expect(verifyLocalForm(secret, posted({ ...fields, "X-Amz-Signature": flipped })).ok).toBe(false);
    expect(verifyLocalForm(Buffer.alloc(32, 8), posted(fields)).ok).toBe(false);
    const { "X-Amz-Signature": _omitted, ...unsigned } = fields;
    expect(verifyLocalForm(secret, posted(unsigned)).ok).toBe(false);
  });

  it("refuses another key, a changed Content-Type, an extra field and an expired policy", () => {
    const { fields } = form("application/pdf");
    expect(verifyLocalForm(secret, posted({ ...fields, key: key.replace(/3/g, "4") })).ok).toBe(false);
    expect(verifyLocalForm(secret, posted({ ...fields, "Content-Type": "text/html" })).ok).toBe(false);
    expect(verifyLocalForm(secret, posted({ ...fields, acl: "public-read" })).ok).toBe(false);
    const old = presignLocal(secret, "/v2/uploads", { key, maxBytes: 10, expiresInSeconds: 60 }, new Date(Date.now() - 120_000));
    expect(verifyLocalForm(secret, posted(old.fields))).toEqual({ ok: false, reason: "The upload policy has expired." });
  });
});
