/**
 * Mulberry32: a small, well-known 32-bit generator. Not for secrets; chosen so that the same seed draws the
 * same numbers on every machine and Node version (Math.random cannot be seeded), which makes a synthetic
 * population reproducible from its spec alone.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
