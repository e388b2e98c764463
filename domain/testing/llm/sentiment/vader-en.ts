/// <reference path="./vader-sentiment.d.ts" />
import vader from "vader-sentiment";

/**
 * English sentiment: VADER (Hutto & Gilbert, 2014) as the vader-sentiment package scores it, its lexicon and its
 * rules: boosters and dampeners, negation up to three words back, "but", idioms, capitals and exclamation marks,
 * normalised as sum ÷ √(sum² + 15) and rounded to 4 decimals.
 *
 * The package's own `polarity_scores` splits a text by building, per call, a table of every word with every
 * punctuation mark before and after it: about 0.3 ms a response, 16 s for 50,000. The split below gives the same
 * words from one set lookup per token; the scoring itself (valences, negation, idioms, "but", punctuation,
 * normalisation) is the package's, called step by step. Tests hold the result equal to `polarity_scores`.
 */
const { SentimentIntensityAnalyzer: Vader } = vader;

/** The characters VADER strips from a word's edges (Python's string.punctuation). */
const MARK = String.raw`[!"#$%&'()*+,\-./:;<=>?@[\\\]^_\`{|}~]`;
const ASCII_PUNCTUATION = new RegExp(MARK, "g");
const LEADING = new RegExp(`^${MARK}+`);
const TRAILING = new RegExp(`${MARK}+$`);
/** The marks VADER takes off a word's start or end, alone or in these runs. */
const PUNCTUATION_RUNS = new Set([".", "!", "?", ",", ";", ":", "-", "'", '"', "!!", "!!!", "??", "???", "?!?", "!?!", "?!?!", "!?!?"]);
const UPPER_WORD = /^[^a-z]*[A-Z]+[^a-z]*$/;

/**
 * VADER's words: the text split at each white-space character, tokens of one character dropped, and a token made
 * of a known word with one of VADER's punctuation runs before or after it replaced by the word (contractions and
 * emoticons stay as they are).
 */
export function vaderWords(text: string): string[] {
  const bare = new Set(text.replace(ASCII_PUNCTUATION, "").split(/\s/).filter((word) => word.length > 1));
  const words = text.split(/\s/).filter((token) => token.length > 1);
  for (let i = 0; i < words.length; i++) {
    const token = words[i]!;
    const leading = LEADING.exec(token)?.[0] ?? "";
    if (leading && PUNCTUATION_RUNS.has(leading) && bare.has(token.slice(leading.length))) {
      words[i] = token.slice(leading.length);
      continue;
    }
    const trailing = TRAILING.exec(token)?.[0] ?? "";
    if (trailing && PUNCTUATION_RUNS.has(trailing) && bare.has(token.slice(0, -trailing.length))) words[i] = token.slice(0, -trailing.length);
  }
  return words;
}

/** Whether some, but not all, of the words are in capitals (VADER then reads a word in capitals as emphasis). */
function someInCapitals(words: readonly string[]): boolean {
  const capitals = words.filter((word) => UPPER_WORD.test(word)).length;
  const others = words.length - capitals;
  return others > 0 && others < words.length;
}

/** VADER's compound score of an English text, in [−1, 1]. */
export function vaderCompound(text: string): number {
  const words = vaderWords(text);
  const sentiText = { words_and_emoticons: words, is_cap_diff: someInCapitals(words) };
  let sentiments: number[] = [];
  for (let i = 0; i < words.length; i++) {
    // VADER skips its booster words; its lexicon scores none of them but "kind" (of), so only that one needs the skip.
    if (i < words.length - 1 && words[i]!.toLowerCase() === "kind" && words[i + 1]!.toLowerCase() === "of") sentiments.push(0);
    else sentiments = Vader.sentiment_valence(0, sentiText, words[i]!, i, sentiments);
  }
  return Vader.score_valence(Vader.but_check(words, sentiments), text).compound;
}

/** The package's own scorer, for the tests that hold vaderCompound to it. */
export const packageCompound = (text: string): number => Vader.polarity_scores(text).compound;
