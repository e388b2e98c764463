import { createHmac } from "node:crypto";
import path from "node:path";
import { loadOrCreateKeyFile } from "../files/key-file";

/**
 * The key of the audit chain (AUDIT_CHAIN_KEY): each entry's hash is an HMAC-SHA256 under it, so only a server
 * holding it can write a link that verifies. Unset, it is a key file in DATA_DIR/keys, made (0600) on first start
 * and reused; it has to be backed up with the database, since without it no keyed entry can be proven.
 */

const KEY_FILE = "audit-chain.key";

/** 32 bytes written as hex (64 digits) or base64 / base64url (43 or 44 characters); null when it is neither. */
export function parseAuditChainKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const bytes = Buffer.from(value.replace(/=$/, ""), value.includes("-") || value.includes("_") ? "base64url" : "base64");
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}

/** The key the settings name: AUDIT_CHAIN_KEY, or the key file in DATA_DIR/keys (created the first time). */
export async function readAuditChainKey(config: { DATA_DIR: string; AUDIT_CHAIN_KEY?: string }): Promise<Buffer> {
  if (config.AUDIT_CHAIN_KEY) {
    const key = parseAuditChainKey(config.AUDIT_CHAIN_KEY);
    if (!key) throw new Error("AUDIT_CHAIN_KEY must be 32 bytes in hex or base64");
    return key;
  }
  return loadOrCreateKeyFile(path.join(config.DATA_DIR, "keys"), KEY_FILE);
}

// One key per process: every append and every walk of a chain in this process uses it.
let current: Buffer | undefined;

/** Makes `key` the process's chain key; a second, different key is refused (two keys would fork the chains). */
export function useAuditChainKey(key: Buffer): void {
  if (current && !current.equals(key)) throw new Error("This process already holds a different audit chain key.");
  current = key;
}

/** Loads the configured key unless this process holds one already. */
export async function ensureAuditChainKey(config: { DATA_DIR: string; AUDIT_CHAIN_KEY?: string }): Promise<void> {
  if (!current) useAuditChainKey(await readAuditChainKey(config));
}

export function auditChainKey(): Buffer {
  if (!current) throw new Error("The audit chain key is not loaded: the server loads it at start, before the migrations.");
  return current;
}

/** HMAC-SHA256 (hex) of a text under the chain key. */
export const keyedHash = (text: string, key: Buffer = auditChainKey()): string => createHmac("sha256", key).update(text).digest("hex");
