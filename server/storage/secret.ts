import { randomBytes } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import { writeOnce } from "../files/write-once";
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
  return Buffer.from(await writeOnce(file, randomBytes(32).toString("base64url")), "base64url");
}
