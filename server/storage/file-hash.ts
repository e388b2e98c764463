import { createHash } from "node:crypto";
import type { Storage } from "./types";

/** The SHA-256 (hex) and size of a stored file, read as a stream; null when nothing was uploaded under the key. */
export async function storedFileSha256(storage: Storage, key: string): Promise<{ sha256: string; size: number } | null> {
  const file = await storage.open(key);
  if (!file) return null;
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of await file.stream()) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest("hex"), size };
}
