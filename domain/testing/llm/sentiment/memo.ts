/** How many words an analyser remembers before it starts over: a bound on memory whatever the file. */
const MEMO_LIMIT = 200_000;

/**
 * `answer` remembered per word: most words of a text recur across responses and each costs a few lookups the
 * first time. Starts over once MEMO_LIMIT words are remembered.
 */
export function rememberedPerWord<T>(answer: (word: string) => T): (word: string) => T {
  const memo = new Map<string, T>();
  return (word) => {
    if (memo.has(word)) return memo.get(word)!;
    if (memo.size >= MEMO_LIMIT) memo.clear();
    const value = answer(word);
    memo.set(word, value);
    return value;
  };
}
