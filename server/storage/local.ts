import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { UploadForm } from "../../domain/entities/document";
import { presignLocal, verifyLocalForm, type PolicyCheck } from "./local-policy";
import { isStorageKey, type PresignInput, type Storage, type StoredFile } from "./types";

/** Where the local driver's browser form goes: the API's own upload endpoint (server/uploads/routes.ts). */
export const LOCAL_UPLOAD_PATH = "/v2/uploads";

/** Thrown while receiving when the stream passes the byte limit. */
export class TooLargeError extends Error {}

/** An upload written to a temporary file: checked first, then committed under its key or discarded. */
export interface ReceivedFile extends StoredFile {
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/** Files under DATA_DIR/files/<company>/<application>/<document>, keyed by ids only; directories appear on first write. */
export class LocalStorage implements Storage {
  readonly driver = "local" as const;

  constructor(
    private readonly root: string,
    private readonly secret: () => Promise<Buffer>,
  ) {}

  private pathOf(key: string): string {
    if (!isStorageKey(key)) throw new Error("not a storage key");
    return path.join(this.root, ...key.split("/"));
  }

  async presignUpload(input: PresignInput): Promise<UploadForm> {
    return presignLocal(await this.secret(), LOCAL_UPLOAD_PATH, input);
  }

  async verifyForm(fields: Record<string, string>): Promise<PolicyCheck> {
    return verifyLocalForm(await this.secret(), fields);
  }

  /** Streams `body` to a temporary file beside the target, stopping with TooLargeError past `maxBytes`. */
  async receive(key: string, body: Readable, maxBytes: number): Promise<ReceivedFile> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.upload-${randomBytes(6).toString("hex")}`;
    let size = 0;
    try {
      await pipeline(
        body,
        async function* limit(source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            if (size > maxBytes) throw new TooLargeError();
            yield chunk;
          }
        },
        createWriteStream(temp, { mode: 0o600 }),
      );
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return {
      ...fileAt(temp, size),
      commit: () => rename(temp, target),
      discard: () => rm(temp, { force: true }),
    };
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    await (await this.receive(key, Readable.from([bytes]), bytes.length)).commit();
  }

  async open(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      return info.isFile() ? fileAt(file, info.size) : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}

function fileAt(file: string, size: number): StoredFile {
  return {
    size,
    async read(offset, length) {
      const handle = await open(file, "r");
      try {
        const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    stream: async () => createReadStream(file),
  };
}
