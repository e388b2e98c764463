/// <reference path="./vader-sentiment.d.ts" />
import vader from "vader-sentiment";
import { compoundScore } from "./compound";
import { rememberedPerWord } from "./memo";

/**
 * English sentiment: VADER (Hutto & Gilbert, 2014) as the vader-sentiment package scores it, its lexicon and its
 * rules: boosters and dampeners, negation up to three words back, "but", idioms, capitals and exclamation marks,
 * normalised as sum ÷ √(sum² + 15) and rounded to 4 decimals.
 *
 * The package's own `polarity_scores` splits a text by building, per call, a table of every word with every
 * punctuation mark before and after it: about 0.3 ms a response, 16 s for 50,000. The split below gives the same
 * words in one pass per token, and the compound score is summed in one pass (compound.ts); the scoring of
 * each word (its valence, negation, boosters, idioms, "but") is the package's, called step by step. Tests hold the
 * result equal to `polarity_scores`.
 */
const { SentimentIntensityAnalyzer: Vader } = vader;

/** The characters VADER strips from a word's edges: Python's string.punctuation, the ASCII marks. */
const MARKS = new Set([...`!"#$%&'()*+,-./:;<=>?@[\\]^_\`{|}~`].map((c) => c.charCodeAt(0)));
/** The marks VADER takes off a word's start or end, alone or in these runs. */
const PUNCTUATION_RUNS = new Set([".", "!", "?", ",", ";", ":", "-", "'", '"', "!!", "!!!", "??", "???", "?!?", "!?!", "?!?!", "!?!?"]);
const UPPER_WORD = /^[^a-z]*[A-Z]+[^a-z]*$/;

function isMark(text: string, i: number): boolean {
  return MARKS.has(text.charCodeAt(i));
}

/** Whether `token` from `from` to `to` is a word VADER's table has: two or more characters, no mark among them. */
function isBare(token: string, from: number, to: number): boolean {
  if (to - from < 2) return false;
  for (let j = from; j < to; j++) if (isMark(token, j)) return false;
  return true;
}

/**
 * VADER's words: the text split at each white-space character, tokens of one character dropped, and a token made
 * of a word with one of VADER's punctuation runs before or after it replaced by the word (contractions, emoticons
 * and words with marks inside stay as they are). The package finds the word in a table of every word of the text
 * with every run before and after it; a token is in that table exactly when what its run leaves is two or more
 * characters without a mark, which is what is checked here.
 */
export function vaderWords(text: string): string[] {
  const words = text.split(/\s/).filter((token) => token.length > 1);
  for (let i = 0; i < words.length; i++) {
    const token = words[i]!;
    let start = 0;
    while (start < token.length && isMark(token, start)) start++;
    let end = token.length;
    while (end > start && isMark(token, end - 1)) end--;
    // A run before the word, the rest bare (so no run after it); else a run after it, the rest bare.
    if (start > 0 && end === token.length && PUNCTUATION_RUNS.has(token.slice(0, start)) && isBare(token, start, token.length)) words[i] = token.slice(start);
    else if (end < token.length && PUNCTUATION_RUNS.has(token.slice(end)) && isBare(token, 0, end)) words[i] = token.slice(0, end);
  }
  return words;
}

/** Whether some, but not all, of the words are in capitals (VADER then reads a word in capitals as emphasis). */
function someInCapitals(words: readonly string[]): boolean {
  const capitals = words.filter((word) => UPPER_WORD.test(word)).length;
  const others = words.length - capitals;
  return others > 0 && others < words.length;
}

/**
 * Whether VADER's lexicon scores a word (lower-cased), learnt once per word from the package: alone, a word's
 * valence is its lexicon entry's, and the lexicon has no entry of 0.
 */
const inLexicon = rememberedPerWord((lower) => Vader.sentiment_valence(0, { words_and_emoticons: [lower], is_cap_diff: false }, lower, 0, [])[0] !== 0);

/** VADER's compound score of an English text, in [−1, 1]. */
export function vaderCompound(text: string): number {
  const words = vaderWords(text);
  const sentiText = { words_and_emoticons: words, is_cap_diff: someInCapitals(words) };
  let sentiments: number[] = [];
  for (let i = 0; i < words.length; i++) {
    const lower = words[i]!.toLowerCase();
    // A word the lexicon does not score is 0 whatever surrounds it, as the package would give it. VADER also skips
    // its booster words; its lexicon scores none of them but "kind" (of), so only that one needs the skip.
    if (!inLexicon(lower) || (lower === "kind" && i < words.length - 1 && words[i + 1]!.toLowerCase() === "of")) sentiments.push(0);
    else sentiments = Vader.sentiment_valence(0, sentiText, words[i]!, i, sentiments);
  }
  return compoundScore(Vader.but_check(words, sentiments), text);
}

/** The package's own scorer, for the tests that hold vaderCompound to it. */
export const packageCompound = (text: string): number => Vader.polarity_scores(text).compound;
