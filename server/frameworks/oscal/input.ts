import { catalogDraft } from "./read";
import { fail } from "./checks";
import type { FrameworkDraft } from "./draft";

export const DEFAULT_MAX_CATALOG_BYTES = 20 * 1024 * 1024;

/**
 * The file's text, refused as soon as its bytes pass the limit (a stream is not read to its end first). A stream
 * is decoded chunk by chunk, so its bytes are never held whole beside the text.
 */
async function textOf(input: Buffer | string | AsyncIterable<Uint8Array>, maxBytes: number): Promise<string> {
  const tooLarge = () => fail("$", `the file is larger than ${maxBytes} bytes`);
  if (typeof input === "string") return Buffer.byteLength(input) > maxBytes ? tooLarge() : input;
  if (Buffer.isBuffer(input)) return input.length > maxBytes ? tooLarge() : input.toString("utf8");
  const decoder = new TextDecoder("utf-8");
  const parts: string[] = [];
  let size = 0;
  for await (const chunk of input) {
    size += chunk.byteLength;
    if (size > maxBytes) tooLarge();
    parts.push(decoder.decode(chunk, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join("");
}

function parsed(body: string): unknown {
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
  // The text lives only as long as the parse: the draft is built from the tree, then both are let go.
  return catalogDraft(parsed(await textOf(input, maxBytes)));
}
