/** A cell of an exported table: text, a number (null when undefined), or a yes/no flag. */
export type Cell = string | number | boolean | null;

/**
 * A number as a plain decimal at full precision: the shortest text that reads back as the same double,
 * never in exponent form (`1e-7` is written `0.0000001`), so every spreadsheet and parser reads it alike.
 */
export function plainDecimal(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, lead, fraction = "", exponent] = match;
  const digits = lead + fraction;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** What a spreadsheet would take for the start of a formula (or DDE) when the text is opened or pasted. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text from the user's data that a spreadsheet would run as a formula gets a leading apostrophe, so it stays text. */
export function neutralisedText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A non-finite number has no meaning in a table: it is written like null, as an empty cell. */
export const numberCell = (value: number | null | undefined): number | null => (value === null || value === undefined || !Number.isFinite(value) ? null : value);
