import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadSecretKey, SecretCipher, tokenOwner } from "./secret-cipher";

const loadTokenKey = (setting: string | undefined, keysDir: string) => loadSecretKey("modelEndpointToken", setting, keysDir);

const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const OWNER = tokenOwner("company-1", "application-1");

describe("model endpoint tokens at rest", () => {
  it("are sealed with AES-256-GCM: the stored text never holds the token, and each sealing differs", async () => {
    const cipher = new SecretCipher(await loadTokenKey("a setting of at least thirty-two characters", "/nonexistent"));
    const sealed = cipher.encrypt("sk-live-abcdef", OWNER);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain("sk-live");
    expect(cipher.encrypt("sk-live-abcdef", OWNER)).not.toBe(sealed);
    expect(cipher.decrypt(sealed, OWNER)).toBe("sk-live-abcdef");
  });

  it("open only for the application they were sealed for, with the same key, untampered", async () => {
    const key = await loadTokenKey("a setting of at least thirty-two characters", "/nonexistent");
    const sealed = new SecretCipher(key).encrypt("token", OWNER);
    expect(new SecretCipher(key).decrypt(sealed, tokenOwner("company-1", "application-2"))).toBeNull();
    expect(new SecretCipher(await loadTokenKey("another setting of at least thirty-two chars", "/nonexistent")).decrypt(sealed, OWNER)).toBeNull();
    const [v, iv, tag, body] = sealed.split(".");
    const flipped = Buffer.from(body, "base64url");
    flipped[0] ^= 1;
    expect(new SecretCipher(key).decrypt([v, iv, tag, flipped.toString("base64url")].join("."), OWNER)).toBeNull();
    expect(new SecretCipher(key).decrypt("garbage", OWNER)).toBeNull();
  });

  it("use a key file created once (owner-only) in DATA_DIR/keys when no setting gives one", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "steward-token-key-"));
    dirs.push(dir);
    const keys = path.join(dir, "keys");
    const [a, b] = await Promise.all([loadTokenKey(undefined, keys), loadTokenKey(undefined, keys)]);
    expect(a.length).toBe(32);
    expect(b.equals(a)).toBe(true);
    expect((await loadTokenKey(undefined, keys)).equals(a)).toBe(true);
    expect((await stat(path.join(keys, "model-endpoint-token.key"))).mode & 0o777).toBe(0o600);
  });
});
