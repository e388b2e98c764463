import { CSV, DOC, DOCX, PDF, XLSX, type DocumentContentType } from "../../domain/entities/document";
import { sniffMimeType } from "./sniff";

/** Random access to a stored or uploaded file: the sniffer reads the head, a ZIP's directory, or everything for CSV. */
export interface ByteSource {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

export const bufferSource = (bytes: Uint8Array): ByteSource => ({
  size: bytes.length,
  read: async (offset, length) => bytes.subarray(offset, offset + length),
});

const HEAD_BYTES = 4096;
const CHUNK = 1024 * 1024;

/**
 * Which accepted document type these bytes are, judged by their content, or null. The name and the client's
 * Content-Type play no part: a renamed .exe starts with "MZ" and matches nothing here.
 */
export async function sniffDocument(file: ByteSource): Promise<DocumentContentType | null> {
  if (file.size === 0) return null;
  const head = await file.read(0, Math.min(file.size, HEAD_BYTES));
  switch (sniffMimeType(head, ["application/pdf", "application/x-ole-storage", "application/zip"])) {
    case "application/pdf":
      return PDF;
    case "application/x-ole-storage":
      return (await containsBytes(file, utf16("WordDocument"))) ? DOC : null;
    case "application/zip":
      return officeKind(await zipEntryNames(file));
  }
  return (await looksLikeCsv(file)) ? CSV : null;
}

const utf16 = (text: string) => Uint8Array.from([...text].flatMap((c) => [c.charCodeAt(0), 0]));

/**
 * A Word 97–2003 file is an OLE2 compound file with a "WordDocument" stream; an .xls or .ppt has
 * "Workbook" or "PowerPoint Document" instead. Stream names are UTF-16LE in the directory sectors,
 * which may sit anywhere in the file, so the whole file (at most 25 MB) is scanned in chunks.
 */
async function containsBytes(file: ByteSource, needle: Uint8Array): Promise<boolean> {
  for (let offset = 0; offset < file.size; offset += CHUNK) {
    // Overlap by the needle's length so a name split across chunks is still found.
    const chunk = Buffer.from(await file.read(offset, Math.min(CHUNK + needle.length, file.size - offset)));
    if (chunk.indexOf(needle) >= 0) return true;
  }
  return false;
}

function officeKind(names: string[] | null): DocumentContentType | null {
  if (!names?.includes("[Content_Types].xml")) return null;
  if (names.some((n) => n.startsWith("word/"))) return DOCX;
  if (names.some((n) => n.startsWith("xl/"))) return XLSX;
  return null;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;

/** The entry names of a ZIP, from its central directory (found through the end-of-central-directory record). */
export async function zipEntryNames(file: ByteSource): Promise<string[] | null> {
  if (file.size < EOCD_MIN) return null;
  const tailLength = Math.min(file.size, EOCD_MIN + MAX_COMMENT);
  const tail = Buffer.from(await file.read(file.size - tailLength, tailLength));
  let eocd = -1;
  for (let i = tail.length - EOCD_MIN; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  // ZIP64 (0xFFFFFFFF markers) never occurs below 25 MB with Office's own writers: refuse it.
  if (cdOffset + cdSize > file.size) return null;
  const cd = Buffer.from(await file.read(cdOffset, cdSize));
  const names: string[] = [];
  let at = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > cd.length || cd.readUInt32LE(at) !== CENTRAL_SIGNATURE) return null;
    const nameLength = cd.readUInt16LE(at + 28);
    const extraLength = cd.readUInt16LE(at + 30);
    const commentLength = cd.readUInt16LE(at + 32);
    names.push(cd.toString("utf8", at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

const DELIMITERS = [",", ";", "\t"] as const;
const SAMPLE_RECORDS = 50;

/**
 * CSV has no signature, so: valid UTF-8 throughout, no NULs or other control characters, and
 * lines whose fields (quotes respected) split on one delimiter into the same count as the first line.
 */
async function looksLikeCsv(file: ByteSource): Promise<boolean> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let sample = "";
  try {
    for (let offset = 0; offset < file.size; offset += CHUNK) {
      const text = decoder.decode(await file.read(offset, Math.min(CHUNK, file.size - offset)), { stream: true });
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return false;
      if (sample.length < 64 * 1024) sample += text;
    }
    decoder.decode();
  } catch {
    return false;
  }
  const records = splitRecords(sample.replace(/^\uFEFF/, "")).slice(0, SAMPLE_RECORDS + 1);
  // The last record may be cut short by the sample's end (or be the trailing empty line).
  if (records.length > 1) records.pop();
  const rows = records.filter((r) => r.trim() !== "");
  if (rows.length === 0 || rows[0].trimStart().startsWith("<")) return false;
  return DELIMITERS.some((d) => {
    const width = fieldCount(rows[0], d);
    return width > 1 && rows.every((row) => fieldCount(row, d) === width);
  });
}

/** Records split on line breaks outside double quotes (a quoted field may span lines). */
function splitRecords(text: string): string[] {
  const records: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length && records.length <= SAMPLE_RECORDS; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (c === "\n" && !quoted) {
      records.push(text.slice(start, i).replace(/\r$/, ""));
      start = i + 1;
    }
  }
  records.push(text.slice(start));
  return records;
}

/** Fields in one record split on `delimiter`, not counting delimiters inside double quotes. */
function fieldCount(record: string, delimiter: string): number {
  let count = 1;
  let quoted = false;
  for (const c of record) {
    if (c === '"') quoted = !quoted;
    else if (c === delimiter && !quoted) count++;
  }
  return count;
}
