/**
 * The Wasserstein-1 (earth mover's) distance between the empirical distributions of two samples: the
 * integral over t of |F(t) − G(t)|, computed exactly by walking both sorted samples and adding the gap
 * between their CDFs times the length of each step. It is in the samples' unit (for sentiment, within [0, 2]).
 * Null when either sample is empty.
 */
export function wasserstein1(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  if (x.length === 0 || y.length === 0) return null;
  const a = Float64Array.from(x).sort();
  const b = Float64Array.from(y).sort();
  let i = 0;
  let j = 0;
  let distance = 0;
  let at = Math.min(a[0]!, b[0]!);
  while (i < a.length || j < b.length) {
    // The next point where either CDF steps.
    const next = Math.min(i < a.length ? a[i]! : Infinity, j < b.length ? b[j]! : Infinity);
    distance += Math.abs(i / a.length - j / b.length) * (next - at);
    at = next;
    while (i < a.length && a[i] === next) i++;
    while (j < b.length && b[j] === next) j++;
  }
  return distance;
}
