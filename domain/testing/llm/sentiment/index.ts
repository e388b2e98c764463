import type { LlmLanguage } from "../language";
import { spanishCompound, SPANISH_LEXICON } from "./vader-es";
import { vaderCompound } from "./vader-en";

export { LEXICON_VERSION, SENTIMENT_ANALYSERS, sentimentAnalyser, type SentimentAnalyser } from "./versions";

export { SENTIMENT_ALPHA } from "./compound";

/** How far back a negator reaches, in words (VADER's three). */
export const NEGATION_WINDOW = 3;

/** The packages the analysers come from, as the explanation page names them. */
export const SENTIMENT_SOURCES: Record<LlmLanguage, { package: string; version: string; lexicon: string }> = {
  en: { package: "vader-sentiment", version: "1.1.3", lexicon: "vader_lexicon.txt" },
  es: { package: "natural", version: "8.1.1", lexicon: "afinnShortSortedSpanish.json" },
};

/** The Spanish lexicon's entries (VADER's English one is counted by the server, which can read the package's file). */
export const SPANISH_LEXICON_ENTRIES = SPANISH_LEXICON.size;

/**
 * A response's sentiment in [−1, 1]: VADER's compound score, of the English text by VADER itself and of a Spanish
 * one by VADER's rules over a Spanish lexicon. Curly apostrophes read as straight ones (so "can’t" negates).
 *
 * Limits: a lexicon reads words, not meaning. It misses sarcasm and irony and reads domain words in their
 * everyday sense ("critical" condition, "positive" result). Compare groups with it (the same errors fall on
 * every group); do not read one response's score as a judgement.
 */
export function sentimentScore(text: string, language: LlmLanguage): number {
  const plain = text.replace(/[\u2019\u02bc]/g, "'");
  return language === "en" ? vaderCompound(plain) : spanishCompound(plain);
}
