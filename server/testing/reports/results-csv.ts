import { CRLF, CSV_BOM, csvRecord } from "../../files/csv";
import type { TableBlock } from "./results-table";

/**
 * The results as one CSV file (RFC 4180, CRLF line ends, UTF-8 with a byte-order mark so Excel reads the
 * accents right): each table a block of a header and its rows, blocks parted by an empty line, groups first.
 */
export function resultsCsv(blocks: readonly TableBlock[]): string {
  return CSV_BOM + blocks.map((b) => csvRecord(b.header) + b.rows.map(csvRecord).join("")).join(CRLF);
}
