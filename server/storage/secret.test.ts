import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadOrCreateUploadSecret } from "./secret";

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe("the upload signing secret in DATA_DIR/keys", () => {
  it("is created once (owner-only) and read back the same, also by concurrent callers", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "steward-secret-"));
    dirs.push(dir);
    const keys = path.join(dir, "keys");
    const [a, b] = await Promise.all([loadOrCreateUploadSecret(keys), loadOrCreateUploadSecret(keys)]);
    expect(a.length).toBe(32);
    expect(b.equals(a)).toBe(true);
    expect((await loadOrCreateUploadSecret(keys)).equals(a)).toBe(true);
    expect((await stat(path.join(keys, "upload-signing.key"))).mode & 0o777).toBe(0o600);
  });
});
