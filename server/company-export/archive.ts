import { once } from "node:events";
import { PassThrough } from "node:stream";
import { unzipSync, Zip, ZipDeflate } from "fflate";
import { createHash } from "node:crypto";
import { HttpProblem } from "../plugins/problem";

/**
 * The .zip form of a company export: `export.json` and `files/<sha256>`, written as a stream (each entry deflated
 * as its bytes come, the output paced by the reader), and read back with every file checked against its name.
 */

export const EXPORT_ENTRY = "export.json";
const FILE_ENTRY = /^files\/([0-9a-f]{64})$/;

export interface ArchiveEntry {
  name: string;
  chunks: () => Promise<Iterable<Uint8Array> | AsyncIterable<Uint8Array>>;
}

/** Streams the entries as a .zip; `entries` may grow while the first is written (files found while exporting). */
export function writeArchive(first: ArchiveEntry, rest: () => ArchiveEntry[], onError: (error: Error) => void): PassThrough {
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return out.destroy(error);
    out.write(chunk);
    if (final) out.end();
  });
  const add = async (entry: ArchiveEntry) => {
    const file = new ZipDeflate(entry.name, { level: 6 });
    zip.add(file);
    for await (const chunk of await entry.chunks()) {
      file.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      if (out.writableNeedDrain) await once(out, "drain");
    }
    file.push(new Uint8Array(0), true);
  };
  (async () => {
    await add(first);
    for (const entry of rest()) await add(entry);
    zip.end();
  })().catch((error: unknown) => {
    const failure = error instanceof Error ? error : new Error(String(error));
    onError(failure);
    out.destroy(failure);
  });
  return out;
}

export const fileEntryName = (sha256: string) => `files/${sha256}`;

/** What an archive may unpack to: its declared sizes are added up before anything is inflated. */
const MAX_UNPACKED_BYTES = 2 * 1024 ** 3;

/** The export document and the files of a .zip; 400 for a broken archive, a missing document or a file whose bytes are not its hash. */
export function readArchive(bytes: Buffer): { document: unknown; files: Map<string, Buffer> } {
  let entries: Record<string, Uint8Array>;
  try {
    let unpacked = 0;
    entries = unzipSync(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), {
      filter: (file) => {
        unpacked += file.originalSize;
        if (unpacked > MAX_UNPACKED_BYTES) throw new HttpProblem(413, "The archive unpacks to more than 2 GiB.");
        return true;
      },
    });
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    throw new HttpProblem(400, "The upload is not a readable .zip archive.");
  }
  const json = entries[EXPORT_ENTRY];
  if (!json) throw new HttpProblem(400, `The archive holds no ${EXPORT_ENTRY}.`);
  let document: unknown;
  try {
    document = JSON.parse(Buffer.from(json).toString("utf8"));
  } catch {
    throw new HttpProblem(400, `${EXPORT_ENTRY} in the archive is not JSON.`);
  }
  const files = new Map<string, Buffer>();
  for (const [name, content] of Object.entries(entries)) {
    const sha256 = FILE_ENTRY.exec(name)?.[1];
    if (!sha256) continue;
    const buffer = Buffer.from(content);
    if (createHash("sha256").update(buffer).digest("hex") !== sha256) throw new HttpProblem(400, `The file ${name} in the archive does not match its hash.`);
    files.set(sha256, buffer);
  }
  return { document, files };
}
