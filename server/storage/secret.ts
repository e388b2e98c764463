import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

const FILE_NAME = "upload-signing.key";

/**
 * The local upload policies' HMAC secret when neither UPLOAD_SIGNING_SECRET nor the local identity
 * key is there to give one: DATA_DIR/keys/upload-signing.key, created (0600) the first time it is
 * needed, so forms handed out survive a restart. `wx` lets a concurrent creator read the winner's.
 */
export async function loadOrCreateUploadSecret(keysDir: string): Promise<Buffer> {
  const file = path.join(keysDir, FILE_NAME);
  await mkdir(keysDir, { recursive: true, mode: 0o700 });
  try {
    return Buffer.from(await readFile(file, "utf8"), "base64url");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  try {
    await writeFile(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
    await chmod(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return Buffer.from(await readFile(file, "utf8"), "base64url");
}
