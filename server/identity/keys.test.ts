import { afterEach, describe, expect, it } from "vitest";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createMemorySigningKey, loadOrCreateSigningKey } from "./keys";
import { FileOutbox } from "./outbox";

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("signing key", () => {
  it("is created once in the keys folder with mode 0600 and read back with the same kid", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "steward-keys-"));
    const keysDir = path.join(dir, "keys");
    const first = await loadOrCreateSigningKey(keysDir);
    const file = path.join(keysDir, "identity-signing-key.json");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const second = await loadOrCreateSigningKey(keysDir);
    expect(second.kid).toBe(first.kid);
    expect(second.secret("x").equals(first.secret("x"))).toBe(true);
    expect(JSON.parse(await readFile(file, "utf8")).d).toBeTruthy();
    expect(first.publicJwk.d).toBeUndefined();
  });

  it("derives different secrets per purpose, and a memory key differs each time", async () => {
    const a = await createMemorySigningKey();
    const b = await createMemorySigningKey();
    expect(a.kid).not.toBe(b.kid);
    expect(a.secret("one").equals(a.secret("two"))).toBe(false);
    expect(a.hmac("code", "123456")).not.toBe(b.hmac("code", "123456"));
  });
});

describe("file outbox", () => {
  it("appends JSON lines and lists them newest first", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "steward-outbox-"));
    const outbox = new FileOutbox(path.join(dir, "outbox.jsonl"));
    expect(await outbox.list()).toEqual([]);
    await outbox.add({ to: "a@x.test", subject: "1", text: "one", sent_at: "2026-01-01T00:00:00.000Z" });
    await outbox.add({ to: "b@x.test", subject: "2", text: "two", sent_at: "2026-01-01T00:00:01.000Z" });
    expect((await outbox.list()).map((m) => m.subject)).toEqual(["2", "1"]);
  });
});
