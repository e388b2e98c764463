/**
 * Words as every LLM metric sees them: runs of Unicode letters and digits, lower-cased with accents kept
 * ("Según" → "según"), an apostrophe between letters staying inside the word so "can't" and "don't" are one
 * token (curly apostrophes read as straight ones).
 */
const WORD = /[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu;

export function tokenize(text: string): string[] {
  return text.replace(/[\u2019\u02bc]/g, "'").toLowerCase().match(WORD) ?? [];
}

export const wordCount = (text: string): number => tokenize(text).length;

/** The middle value (the mean of the two middle ones for an even count); null for none. Sorts its argument. */
export function medianOf(values: number[] | Int32Array | Float64Array): number | null {
  if (values.length === 0) return null;
  const sorted = values instanceof Array ? values.sort((a, b) => a - b) : values.sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
