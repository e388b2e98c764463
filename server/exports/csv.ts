import { neutralisedText, plainDecimal } from "../testing/reports/cells";
import type { Texts } from "../i18n/texts";
import type { ExportColumn } from "./columns";

const BOM = "\uFEFF";
const CRLF = "\r\n";

/** One field as RFC 4180 writes it (quoted when it holds a quote, a comma or a line break); text a spreadsheet would run as a formula is neutralised. */
function field(value: string | number | null, kind: ExportColumn<unknown>["kind"]): string {
  if (value === null) return "";
  if (typeof value === "number") return plainDecimal(value);
  const text = kind === "text" ? neutralisedText(value) : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines are handed on in pieces of about this size: one write per line would cost more than the lines. */
const PIECE = 64 * 1024;

/**
 * A list as CSV (RFC 4180, CRLF line ends, UTF-8 with a byte-order mark so Excel reads the accents right),
 * written row by row into pieces of about 64 KB: read through a stream, the next piece (and the next batch of
 * rows) is made only once the reader has taken the one before.
 */
export async function* csvLines<Item>(columns: readonly ExportColumn<Item>[], t: Texts, batches: AsyncIterable<Item[]>): AsyncGenerator<string> {
  let piece = BOM + columns.map((c) => field(t(c.header), "text")).join(",") + CRLF;
  for await (const batch of batches) {
    for (const item of batch) {
      piece += columns.map((c) => field(c.value(item, t), c.kind)).join(",") + CRLF;
      if (piece.length >= PIECE) {
        yield piece;
        piece = "";
      }
    }
  }
  if (piece) yield piece;
}
