import { CRLF, CSV_BOM as BOM, csvField } from "../files/csv";
import type { Texts } from "../i18n/texts";
import type { ExportColumn } from "./columns";

/** Lines are handed on in pieces of about this size: one write per line would cost more than the lines. */
const PIECE = 64 * 1024;

/**
 * A list as CSV through the server's one CSV writer (files/csv.ts: every field of every column neutralised the
 * same way; a day or an instant never starts with a formula character): RFC 4180, CRLF line ends, UTF-8 with a
 * byte-order mark so Excel reads the accents right,
 * written row by row into pieces of about 64 KB: read through a stream, the next piece (and the next batch of
 * rows) is made only once the reader has taken the one before.
 */
export async function* csvLines<Item>(columns: readonly ExportColumn<Item>[], t: Texts, batches: AsyncIterable<Item[]>): AsyncGenerator<string> {
  let piece = BOM + columns.map((c) => csvField(t(c.header))).join(",") + CRLF;
  for await (const batch of batches) {
    for (const item of batch) {
      piece += columns.map((c) => csvField(c.value(item, t))).join(",") + CRLF;
      if (piece.length >= PIECE) {
        yield piece;
        piece = "";
      }
    }
  }
  if (piece) yield piece;
}
