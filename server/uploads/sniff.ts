/**
 * What a file really is, judged from its first bytes — never from its name or the client's
 * Content-Type, which anyone can fake (a renamed .exe is still an .exe).
 *
 * Each signature is a byte pattern at an offset (`null` matches any byte). A ZIP or OLE2 match only
 * says "container": documents.ts looks inside to tell .docx from .xlsx and a Word file from others.
 */
export interface Signature {
  mime: string;
  offset: number;
  bytes: readonly (number | null)[];
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export const SIGNATURES: readonly Signature[] = [
  { mime: "image/png", offset: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: "image/jpeg", offset: 0, bytes: [0xff, 0xd8, 0xff] },
  // RIFF <4-byte length> WEBP
  { mime: "image/webp", offset: 0, bytes: [...ascii("RIFF"), null, null, null, null, ...ascii("WEBP")] },
  { mime: "application/pdf", offset: 0, bytes: ascii("%PDF-") },
  // OLE2 compound file: legacy .doc (and .xls/.ppt, which documents.ts tells apart).
  { mime: "application/x-ole-storage", offset: 0, bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  // A ZIP's first local file header: .docx and .xlsx are ZIPs.
  { mime: "application/zip", offset: 0, bytes: [0x50, 0x4b, 0x03, 0x04] },
];

/** How many leading bytes `sniffMimeType` may need: read at least this many before asking. */
export const SNIFF_BYTES = Math.max(...SIGNATURES.map((s) => s.offset + s.bytes.length));

function matches(head: Uint8Array, { offset, bytes }: Signature): boolean {
  if (head.length < offset + bytes.length) return false;
  return bytes.every((b, i) => b === null || head[offset + i] === b);
}

/** The MIME type the bytes start with, among the known signatures (or only `accepted` ones); null when none match. */
export function sniffMimeType(head: Uint8Array, accepted?: readonly string[]): string | null {
  for (const signature of SIGNATURES) {
    if (accepted && !accepted.includes(signature.mime)) continue;
    if (matches(head, signature)) return signature.mime;
  }
  return null;
}
