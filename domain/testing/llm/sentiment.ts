import type { LlmLanguage } from "./language";
import { EN_LEXICON_SOURCE } from "./lexicon-en";
import { ES_LEXICON_SOURCE } from "./lexicon-es";
import { tokenize } from "./words";

/** Bump whenever a word, a valence or a rule below changes: every run records the version it used. */
export const LEXICON_VERSION = "1.0.0";

/** VADER's normalisation constant: score = sum ÷ √(sum² + α), so one mildly positive word (+2) scores 0.46. */
export const SENTIMENT_ALPHA = 15;
/** A negator flips (and damps, as VADER does) the valence of a word up to this many words after it. */
export const NEGATION_WINDOW = 3;
export const NEGATION_FACTOR = -0.74;
/** A booster or dampener directly before a word multiplies its valence. */
export const BOOST_FACTOR = 1.5;
export const DAMPEN_FACTOR = 0.5;

function parse(source: string): ReadonlyMap<string, number> {
  return new Map(source.trim().split(/\s+/).map((entry) => [entry.slice(0, entry.lastIndexOf(":")), Number(entry.slice(entry.lastIndexOf(":") + 1))]));
}

/** The shipped lexicons, word → valence from −5 to +5 (exported so the explanation page can count and sample them). */
export const LEXICONS: Readonly<Record<LlmLanguage, ReadonlyMap<string, number>>> = { en: parse(EN_LEXICON_SOURCE), es: parse(ES_LEXICON_SOURCE) };

const NEGATORS: Record<LlmLanguage, ReadonlySet<string>> = {
  en: new Set(["not", "no", "never", "none", "nobody", "nothing", "neither", "nor", "without", "cannot", "hardly"]),
  es: new Set(["no", "nunca", "jamás", "ni", "nada", "nadie", "ningún", "ninguno", "ninguna", "sin", "tampoco"]),
};
const BOOSTERS: Record<LlmLanguage, ReadonlySet<string>> = {
  en: new Set(["very", "really", "extremely", "highly", "truly", "exceptionally", "incredibly", "so", "most", "particularly"]),
  es: new Set(["muy", "realmente", "sumamente", "extremadamente", "altamente", "tan", "increíblemente", "especialmente", "súper"]),
};
const DAMPENERS: Record<LlmLanguage, ReadonlySet<string>> = {
  en: new Set(["slightly", "somewhat", "barely", "marginally", "fairly"]),
  es: new Set(["algo", "apenas", "ligeramente", "poco"]),
};

const isNegator = (word: string, language: LlmLanguage) => NEGATORS[language].has(word) || (language === "en" && word.endsWith("n't"));

/** The forms a word is looked up under: itself, then without a plural, adverb or (Spanish) feminine ending. */
function candidates(word: string, language: LlmLanguage): string[] {
  if (language === "en") {
    const forms = [word];
    if (word.endsWith("ies")) forms.push(`${word.slice(0, -3)}y`);
    if (word.endsWith("s")) forms.push(word.slice(0, -1));
    if (word.endsWith("ly")) forms.push(word.slice(0, -2));
    if (word.endsWith("ed")) forms.push(word.slice(0, -1), word.slice(0, -2));
    return forms;
  }
  const stems = [word];
  if (word.endsWith("mente")) stems.push(word.slice(0, -5));
  if (word.endsWith("es")) stems.push(word.slice(0, -2));
  if (word.endsWith("s")) stems.push(word.slice(0, -1));
  // buena → bueno, trabajadora → trabajador.
  return stems.flatMap((stem) => (stem.endsWith("a") ? [stem, `${stem.slice(0, -1)}o`, stem.slice(0, -1)] : [stem]));
}

// Most words carry no valence and each costs a few lookups: remember every word's answer, within a bound.
const MEMO_LIMIT = 200_000;
const memo: Record<LlmLanguage, Map<string, number>> = { en: new Map(), es: new Map() };

function valenceOf(word: string, language: LlmLanguage): number {
  const known = memo[language].get(word);
  if (known !== undefined) return known;
  const lexicon = LEXICONS[language];
  let found = 0;
  for (const form of candidates(word, language)) {
    const valence = lexicon.get(form);
    if (valence !== undefined) {
      found = valence;
      break;
    }
  }
  if (memo[language].size >= MEMO_LIMIT) memo[language].clear();
  memo[language].set(word, found);
  return found;
}

/** The sum of a text's word valences after negation and boosters, before normalisation. */
export function valenceSum(text: string | readonly string[], language: LlmLanguage): number {
  const words = typeof text === "string" ? tokenize(text) : text;
  let sum = 0;
  words.forEach((word, i) => {
    let valence = valenceOf(word, language);
    if (valence === 0) return;
    const before = words[i - 1];
    if (before !== undefined && BOOSTERS[language].has(before)) valence *= BOOST_FACTOR;
    else if (before !== undefined && DAMPENERS[language].has(before)) valence *= DAMPEN_FACTOR;
    for (let j = Math.max(0, i - NEGATION_WINDOW); j < i; j++) {
      if (isNegator(words[j]!, language)) {
        valence *= NEGATION_FACTOR;
        break;
      }
    }
    sum += valence;
  });
  return sum;
}

/**
 * A response's sentiment in [−1, 1]: the sum of its word valences (each from −5 to +5, flipped by a negator
 * up to three words before it, boosted or damped by the word directly before it) divided by √(sum² + 15),
 * VADER's normalisation; 0 when no word carries valence. Takes the text or its words (tokenize's).
 *
 * Limits: a lexicon reads words, not meaning. It misses sarcasm and irony, reads domain words by their
 * everyday sense ("critical" condition, "positive" test result), knows a few hundred words per language, and
 * sees only negation close before a word. Compare groups with it (the same errors fall on every group);
 * do not read one response's score as a judgement.
 */
export function sentimentScore(text: string | readonly string[], language: LlmLanguage): number {
  const sum = valenceSum(text, language);
  return sum === 0 ? 0 : sum / Math.sqrt(sum * sum + SENTIMENT_ALPHA);
}
