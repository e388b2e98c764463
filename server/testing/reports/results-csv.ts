import { plainDecimal, type Cell } from "./cells";
import type { TableBlock } from "./results-table";

const BOM = "\uFEFF";
const CRLF = "\r\n";

/** One field as RFC 4180 writes it: quoted (quotes doubled) when it holds a quote, a comma or a line break. */
function field(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return plainDecimal(cell);
  if (typeof cell === "boolean") return cell ? "true" : "false";
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

const record = (cells: readonly Cell[]) => cells.map(field).join(",");

/**
 * The results as one CSV file (RFC 4180, CRLF line ends, UTF-8 with a byte-order mark so Excel reads the
 * accents right): each table a block of a header and its rows, blocks parted by an empty line, groups first.
 */
export function resultsCsv(blocks: readonly TableBlock[]): string {
  return BOM + blocks.map((b) => [record(b.header), ...b.rows.map(record)].join(CRLF)).join(CRLF + CRLF) + CRLF;
}
