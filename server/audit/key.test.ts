import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { parseAuditChainKey, readAuditChainKey } from "./key";

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe("AUDIT_CHAIN_KEY", () => {
  const bytes = Buffer.from(Array.from({ length: 32 }, (_, i) => i * 7));

  it("reads 32 bytes as hex, base64 or base64url, and nothing else", () => {
    expect(parseAuditChainKey(bytes.toString("hex"))).toEqual(bytes);
    expect(parseAuditChainKey(bytes.toString("base64"))).toEqual(bytes);
    expect(parseAuditChainKey(bytes.toString("base64url"))).toEqual(bytes);
    for (const wrong of ["", "secret", "ab".repeat(31), "ab".repeat(33), Buffer.alloc(31).toString("base64"), "zz".repeat(32)]) expect(parseAuditChainKey(wrong), wrong).toBeNull();
  });

  it("is a setting the start refuses when it is not such a key", () => {
    expect(() => loadConfig({ AUDIT_CHAIN_KEY: "too short" }, "")).toThrow(/Invalid setting AUDIT_CHAIN_KEY/);
    expect(loadConfig({ AUDIT_CHAIN_KEY: bytes.toString("hex") }, "").AUDIT_CHAIN_KEY).toBe(bytes.toString("hex"));
  });

  it("when unset, is generated once into DATA_DIR/keys (0600) and the same key is read on the next start", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "steward-chain-key-"));
    dirs.push(dir);
    const first = await readAuditChainKey({ DATA_DIR: dir });
    expect(first).toHaveLength(32);
    expect((await stat(path.join(dir, "keys", "audit-chain.key"))).mode & 0o777).toBe(0o600);
    expect(await readAuditChainKey({ DATA_DIR: dir })).toEqual(first);
    expect(await readAuditChainKey({ DATA_DIR: dir, AUDIT_CHAIN_KEY: bytes.toString("hex") })).toEqual(bytes);
  });
});
