import { createHmac, timingSafeEqual } from "node:crypto";
import type { UploadForm } from "../../domain/entities/document";
import type { PresignInput } from "./types";

/**
 * The local driver's presigned POST, shaped like S3's (same field names, a base64 JSON policy with
 * `expiration` and `conditions`) so the browser posts either the same way. The signature is an
 * HMAC-SHA256 of the policy with a server secret instead of AWS SigV4.
 */
export const LOCAL_ALGORITHM = "STEWARD-HMAC-SHA256";
export const LOCAL_ACCESS_KEY_ID = "steward-local";

type Condition = Record<string, string> | [string, string | number, string | number];
interface Policy {
  expiration: string;
  conditions: Condition[];
}

const sign = (secret: Buffer, policy: string) => createHmac("sha256", secret).update(policy).digest("hex");
const amzDate = (d: Date) => d.toISOString().replace(/[-:]|\.\d{3}/g, "");

export function presignLocal(secret: Buffer, url: string, input: PresignInput, now = new Date()): UploadForm {
  const date = amzDate(now);
  const fields: Record<string, string> = {
    ...(input.contentType ? { "Content-Type": input.contentType } : {}),
    "X-Amz-Algorithm": LOCAL_ALGORITHM,
    "X-Amz-Credential": `${LOCAL_ACCESS_KEY_ID}/${date.slice(0, 8)}`,
    "X-Amz-Date": date,
  };
  const policy: Policy = {
    expiration: new Date(now.getTime() + input.expiresInSeconds * 1000).toISOString(),
    conditions: [["content-length-range", 1, input.maxBytes], ...Object.entries(fields).map(([k, v]) => ({ [k]: v })), { key: input.key }],
  };
  const encoded = Buffer.from(JSON.stringify(policy)).toString("base64");
  return { url, fields: { ...fields, key: input.key, Policy: encoded, "X-Amz-Signature": sign(secret, encoded) } };
}

export type PolicyCheck = { ok: true; key: string; maxBytes: number } | { ok: false; reason: string };

/** Fields the policy never names, as in S3: the policy itself, its signature and the file. */
const UNSIGNED = new Set(["policy", "x-amz-signature", "file"]);

/**
 * Checks a posted form (field names lower-cased) against its policy: signature, expiry, every
 * condition, and no field the policy does not cover. Any failure is the same refusal (403).
 */
export function verifyLocalForm(secret: Buffer, fields: Record<string, string>, now = new Date()): PolicyCheck {
  const encoded = fields["policy"];
  const signature = fields["x-amz-signature"];
  if (!encoded || !signature) return { ok: false, reason: "The upload form has no policy or signature." };
  const expected = Buffer.from(sign(secret, encoded));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "The upload policy's signature does not match." };
  let policy: Policy;
  try {
    policy = JSON.parse(Buffer.from(encoded, "base64").toString("utf8")) as Policy;
  } catch {
    return { ok: false, reason: "The upload policy is malformed." };
  }
  if (!(Date.parse(policy.expiration) > now.getTime())) return { ok: false, reason: "The upload policy has expired." };
  const named = new Set<string>();
  let maxBytes = 0;
  for (const condition of policy.conditions) {
    if (Array.isArray(condition)) {
      const [op, a, b] = condition;
      if (op === "content-length-range") {
        maxBytes = Number(b);
        continue;
      }
      const name = String(a).replace(/^\$/, "").toLowerCase();
      named.add(name);
      const value = fields[name] ?? "";
      if (op === "eq" ? value !== b : op === "starts-with" ? !value.startsWith(String(b)) : true) {
        return { ok: false, reason: `The upload form's ${name} does not match its policy.` };
      }
    } else {
      for (const [k, v] of Object.entries(condition)) {
        named.add(k.toLowerCase());
        if (fields[k.toLowerCase()] !== v) return { ok: false, reason: `The upload form's ${k} does not match its policy.` };
      }
    }
  }
  const extra = Object.keys(fields).find((name) => !UNSIGNED.has(name) && !named.has(name));
  if (extra) return { ok: false, reason: `The upload form's ${extra} is not covered by its policy.` };
  if (!fields.key || !named.has("key") || maxBytes <= 0) return { ok: false, reason: "The upload policy names no key or size limit." };
  return { ok: true, key: fields.key, maxBytes };
}
