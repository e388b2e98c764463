import { catalogDraft } from "./read";
import { fail } from "./checks";
import type { FrameworkDraft } from "./draft";

export const DEFAULT_MAX_CATALOG_BYTES = 20 * 1024 * 1024;

/** The file's bytes, refused as soon as they pass the limit (a stream is not read to its end first). */
async function bytesOf(input: Buffer | string | AsyncIterable<Uint8Array>, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => fail("$", `the file is larger than ${maxBytes} bytes`);
  if (typeof input === "string") return Buffer.byteLength(input) > maxBytes ? tooLarge() : Buffer.from(input, "utf8");
  if (Buffer.isBuffer(input)) return input.length > maxBytes ? tooLarge() : input;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of input) {
    size += chunk.byteLength;
    if (size > maxBytes) tooLarge();
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks, size);
}

function parsed(bytes: Buffer): unknown {
  // The text lives only as long as the parse: the draft is built from the tree, then both are let go.
  const body = bytes.toString("utf8");
  try {
    return JSON.parse(body.charCodeAt(0) === 0xfeff ? body.slice(1) : body);
  } catch (error) {
    return fail("$", `not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/**
 * Reads an OSCAL 1.0 / 1.1 catalog (JSON) into a framework draft: parsed once, then walked once.
 * Refused with an `OscalReadError` (a 400) carrying the JSON path of what is wrong.
 */
export async function readOscalCatalog(
  input: Buffer | string | AsyncIterable<Uint8Array>,
  options: { maxBytes?: number } = {},
): Promise<FrameworkDraft> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_CATALOG_BYTES;
  return catalogDraft(parsed(await bytesOf(input, maxBytes)));
}
