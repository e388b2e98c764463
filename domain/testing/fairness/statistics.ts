/** The 97.5th percentile of the standard normal distribution: the z of a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

/**
 * The Wilson score interval of a proportion (`positives` of `n`): unlike the normal approximation it stays
 * inside [0, 1] and keeps a useful width at rates near 0 or 1 and for small groups.
 */
export function wilsonInterval(positives: number, n: number, z = Z_95): { low: number; high: number } {
  if (n <= 0) return { low: 0, high: 1 };
  const p = positives / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { low: Math.max(0, center - half), high: Math.min(1, center + half) };
}

/** Tables whose probability is within this factor of the observed one count as "as extreme" (R's fisher.test tolerance). */
const RELATIVE_TOLERANCE = 1 + 1e-7;
/** Hypergeometric weights below this (relative to the mode's 1) add nothing a double can hold to a sum near 1. */
const NEGLIGIBLE = 1e-300;

/**
 * The two-sided Fisher exact test of the 2×2 table [[a, b], [c, d]]: the probability, with the margins
 * fixed, of a table no more likely than the observed one. The hypergeometric weights are built from the
 * mode outwards by the ratio of neighbouring terms, so no factorial of a large count is ever formed and the
 * result keeps full precision for samples of any size.
 */
export function fisherExactTwoSided(a: number, b: number, c: number, d: number): number {
  const row1 = a + b;
  const row2 = c + d;
  const col1 = a + c;
  const n = row1 + row2;
  const low = Math.max(0, col1 - row2);
  const high = Math.min(row1, col1);
  if (low === high) return 1;
  const mode = Math.min(high, Math.max(low, Math.floor(((row1 + 1) * (col1 + 1)) / (n + 2))));
  // P(x + 1) / P(x) for x cells in the top-left corner.
  const up = (x: number) => ((row1 - x) * (col1 - x)) / ((x + 1) * (row2 - col1 + x + 1));

  // Weights by x − low; the far tails, once negligible, stay 0.
  const weights = new Float64Array(high - low + 1);
  weights[mode - low] = 1;
  let w = 1;
  for (let x = mode; x < high && w > NEGLIGIBLE; x++) weights[x + 1 - low] = w *= up(x);
  w = 1;
  for (let x = mode; x > low && w > NEGLIGIBLE; x--) weights[x - 1 - low] = w /= up(x - 1);

  const observed = weights[a - low]!;
  let total = 0;
  let asExtreme = 0;
  for (const weight of weights) {
    total += weight;
    if (weight <= observed * RELATIVE_TOLERANCE) asExtreme += weight;
  }
  return Math.min(1, asExtreme / total);
}

/** The median of the values: the middle one, or the mean of the two middle ones for an even count. Sorts `values` in place. */
export function medianInPlace(values: Float64Array): number {
  if (values.length === 0) return Number.NaN;
  values.sort();
  const middle = values.length >> 1;
  return values.length % 2 === 1 ? values[middle]! : (values[middle - 1]! + values[middle]!) / 2;
}
