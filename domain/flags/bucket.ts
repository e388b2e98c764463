/**
 * The share-of-users bucket of a flag: a number 0–99, the same for a user and a flag every time and on
 * every instance, spread evenly over users. Each flag hashes its own key in, so a user in the first 10 %
 * of one rollout is not always in the first 10 % of every other.
 *
 * FNV-1a over the UTF-16 code units (for the ASCII keys and ids flags see, their bytes), then MurmurHash3's
 * finaliser: FNV alone keeps too little of the input's last characters in its low bits for `mod 100` to be
 * even. Synchronous and dependency-free, so the browser and the server compute the same bucket.
 */
export function flagBucket(flagKey: string, userId: string): number {
  const text = `${flagKey}:${userId}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) % 100;
}
