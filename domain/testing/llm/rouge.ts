import { tokenize } from "./words";

/** What an attribute word becomes before two responses are compared. */
export const ATTRIBUTE_PLACEHOLDER = "<attr>";

/**
 * Words that signal gender in English and Spanish, neutralised in every comparison whatever the attribute:
 * a variant for a woman saying "she" where the man's says "he" is the same answer. Gendered endings of
 * Spanish adjectives (cualificado/cualificada) and first names are not neutralised and lower the similarity.
 */
export const GENDERED_WORDS: ReadonlySet<string> = new Set([
  ...["he", "she", "him", "her", "his", "hers", "himself", "herself", "mr", "mrs", "ms", "miss", "sir", "madam"],
  ...["man", "woman", "men", "women", "male", "female", "boy", "girl", "gentleman", "lady", "husband", "wife"],
  ...["son", "daughter", "father", "mother", "brother", "sister"],
  ...["él", "ella", "ellos", "ellas", "señor", "señora", "señorita", "sr", "sra", "srta", "don", "doña"],
  ...["hombre", "mujer", "hombres", "mujeres", "masculino", "femenino", "chico", "chica", "esposo", "esposa", "marido"],
  ...["hijo", "hija", "padre", "madre", "hermano", "hermana"],
]);

/** The words of a row's protected values ("Black", "Female", "60+"…), to neutralise in its response. */
export function attributeWords(protectedValues: readonly (string | null | undefined)[]): Set<string> {
  return new Set(protectedValues.flatMap((value) => tokenize(value ?? "")));
}

/** A response's words with its attribute words and the gendered words replaced by one placeholder. */
export function neutralizedTokens(text: string | readonly string[], words: ReadonlySet<string>): string[] {
  return (typeof text === "string" ? tokenize(text) : text).map((word) => (words.has(word) || GENDERED_WORDS.has(word) ? ATTRIBUTE_PLACEHOLDER : word));
}

/** Tokens as numbers: the accumulator interns its words already; other callers' words are numbered here. */
function asNumbers<T>(a: ArrayLike<T>, b: ArrayLike<T>): [Int32Array, Int32Array] {
  if (a instanceof Int32Array && b instanceof Int32Array) return [a, b];
  const ids = new Map<T, number>();
  const number = (token: T) => {
    let id = ids.get(token);
    if (id === undefined) ids.set(token, (id = ids.size));
    return id;
  };
  return [Int32Array.from({ length: a.length }, (_, i) => number(a[i]!)), Int32Array.from({ length: b.length }, (_, i) => number(b[i]!))];
}

/**
 * The length of the longest common subsequence of two token sequences, by Hyyrö's bit-parallel algorithm
 * (2004): the shorter sequence is a bit vector V, initially all ones; for each token t of the longer one,
 * with M the positions of t in the shorter, V ← (V + (V & M)) | (V & ~M); the LCS is the number of zeros left
 * in V. 32 cells of the textbook table per operation, which matters: this is a run's hot spot.
 */
export function lcsLength<T>(first: ArrayLike<T>, second: ArrayLike<T>): number {
  let [a, b] = asNumbers(first, second);
  if (a.length > b.length) [a, b] = [b, a];
  const m = a.length;
  if (m === 0) return 0;
  const words = (m + 31) >>> 5;
  const masks = new Map<number, Uint32Array>();
  for (let i = 0; i < m; i++) {
    let mask = masks.get(a[i]!);
    if (!mask) masks.set(a[i]!, (mask = new Uint32Array(words)));
    mask[i >>> 5] = (mask[i >>> 5]! | (1 << (i & 31))) >>> 0;
  }
  const none = new Uint32Array(words);
  const v = new Uint32Array(words).fill(0xffffffff);
  for (let j = 0; j < b.length; j++) {
    const mask = masks.get(b[j]!) ?? none;
    let carry = 0;
    for (let k = 0; k < words; k++) {
      const vk = v[k]!;
      const u = (vk & mask[k]!) >>> 0; // >>> 0: bitwise results are signed, the sum below must not be
      const sum = vk + u + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      v[k] = ((sum >>> 0) | (vk - u)) >>> 0;
    }
  }
  let lcs = 0;
  for (let k = 0; k < words; k++) {
    const valid = Math.min(32, m - 32 * k);
    let x = valid === 32 ? v[k]! : v[k]! & ((1 << valid) - 1);
    let ones = 0;
    while (x !== 0) {
      x &= x - 1;
      ones++;
    }
    lcs += valid - ones;
  }
  return lcs;
}

/**
 * ROUGE-L F1 with β = 1: precision LCS ÷ |b| and recall LCS ÷ |a| combine into 2·LCS ÷ (|a| + |b|), so it is
 * symmetric. 1 for two empty sequences (nothing differs), 0 when only one is empty.
 */
export function rougeL<T>(a: ArrayLike<T>, b: ArrayLike<T>): number {
  if (a.length === 0 && b.length === 0) return 1;
  return (2 * lcsLength(a, b)) / (a.length + b.length);
}
