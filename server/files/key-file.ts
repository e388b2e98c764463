import { randomBytes } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { writeOnce } from "./write-once";

/**
 * A 32-byte secret kept in DATA_DIR/keys/<name>, created (0600) the first time it is needed, so what it
 * signed or encrypted survives a restart. `wx` lets a concurrent creator read the winner's.
 */
export async function loadOrCreateKeyFile(keysDir: string, name: string): Promise<Buffer> {
  const file = path.join(keysDir, name);
  await mkdir(keysDir, { recursive: true, mode: 0o700 });
  try {
    return Buffer.from(await readFile(file, "utf8"), "base64url");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  return Buffer.from(await writeOnce(file, randomBytes(32).toString("base64url")), "base64url");
}
