/**
 * A spreadsheet cell as the text a person sees in it, so a spreadsheet and the CSV exported from it read alike:
 * numbers as plain decimals (never an exponent), dates as ISO dates (with the time when there is one),
 * TRUE/FALSE, a formula's cached result, rich text and hyperlinks as their text, an error as its code.
 */
export function xlsxCellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return plainDecimal(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return isoDate(value);
  if (typeof value === "object") {
    const cell = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string; sharedString?: number };
    if (Array.isArray(cell.richText)) return cell.richText.map((run) => run.text).join("");
    if ("result" in cell) return xlsxCellText(cell.result);
    if (typeof cell.error === "string") return cell.error;
    if (cell.text !== undefined) return xlsxCellText(cell.text);
  }
  return "";
}

/** A date cell: the day, or the instant when it has a time of day (spreadsheets keep no zone: read as UTC). */
function isoDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return "";
  const iso = date.toISOString();
  return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso.replace(/\.000Z$/, "Z");
}

/** The shortest decimal that reads back as the same number, written out without an exponent (1e-7 → "0.0000001"). */
export function plainDecimal(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const text = String(n);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = "", exponentText] = match;
  const exponent = Number(exponentText);
  const digits = whole + fraction;
  const point = whole.length + exponent;
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
