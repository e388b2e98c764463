import { createHash } from "node:crypto";

/** The namespace Steward's catalog UUIDs are made under: fixed forever, so a framework keeps its catalog UUID. */
export const STEWARD_OSCAL_NAMESPACE = "5b0b5c1e-9d3a-4f0e-8a52-6f1d2c7e4a90";

/** A name-based UUID (version 5, SHA-1): the same name under the same namespace always gives the same UUID. */
export function uuidV5(name: string, namespace = STEWARD_OSCAL_NAMESPACE): string {
  const hash = createHash("sha1").update(Buffer.from(namespace.replace(/-/g, ""), "hex")).update(name, "utf8").digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
