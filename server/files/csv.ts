import { neutralisedText, plainDecimal, type Cell } from "../testing/reports/cells";

/** UTF-8 with a byte-order mark, so a spreadsheet reads the accents right. */
export const CSV_BOM = "\uFEFF";
export const CRLF = "\r\n";

/**
 * One field of every CSV the server writes (RFC 4180): empty for null, a plain decimal for a number, and text
 * that a spreadsheet would run as a formula (`= + - @`, tab, CR) neutralised with a leading apostrophe, then
 * quoted when it holds a quote, a comma, a line break or edge spaces (which readers trim).
 */
export function csvField(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return plainDecimal(cell);
  if (typeof cell === "boolean") return cell ? "true" : "false";
  const text = neutralisedText(cell);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record: its fields and the CRLF that ends it. */
export const csvRecord = (cells: readonly Cell[]): string => cells.map(csvField).join(",") + CRLF;

/**
 * The inverse of the neutralising apostrophe, for files Steward wrote and a person gives back (a prompt set with
 * its responses filled in): `'=…` reads as `=…` again. Any other text is kept as it is.
 */
export const unneutralised = (text: string): string => (text.charCodeAt(0) === 39 && /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);
