import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { EXCLUSION_SHARE, FOUR_FIFTHS, SMALL_GROUP_ROWS } from "../../../domain/testing/fairness";
import {
  LEXICON_VERSION,
  LLM_LANGUAGES,
  LLM_METRIC_DEFINITIONS_VERSION,
  NEGATION_WINDOW,
  REFUSAL_PATTERNS,
  REFUSAL_PATTERNS_VERSION,
  REFUSAL_WINDOW,
  SENTIMENT_ALPHA,
  SENTIMENT_BUCKETS,
  SENTIMENT_SOURCES,
  sentimentAnalyser,
  SPANISH_LEXICON_ENTRIES,
  WEAK_BIAS_THRESHOLD,
} from "../../../domain/testing/llm";

/** VADER's lexicon as the package ships it: one entry a line. Read once, the first time the page is asked for. */
let vaderEntries: number | undefined;
function vaderLexiconEntries(): number {
  if (vaderEntries === undefined) {
    const file = createRequire(import.meta.url).resolve("vader-sentiment/vader_lexicon.txt");
    vaderEntries = readFileSync(file, "utf8").split("\n").filter((line) => line.trim() !== "").length;
  }
  return vaderEntries;
}

/**
 * What the explanation page shows beside its texts: the refusal patterns as maintained (so a user can see why a
 * response counted as a refusal), the sentiment analyser per language with its package and lexicon size, and
 * every threshold a flag uses.
 */
export function llmExplanation() {
  const words = { en: vaderLexiconEntries(), es: SPANISH_LEXICON_ENTRIES };
  return {
    metric_definitions_version: LLM_METRIC_DEFINITIONS_VERSION,
    refusal_patterns: {
      version: REFUSAL_PATTERNS_VERSION,
      /** Only the opening characters of a response are searched for a pattern. */
      window_chars: REFUSAL_WINDOW,
      languages: Object.fromEntries(LLM_LANGUAGES.map((language) => [language, [...REFUSAL_PATTERNS[language]].map(String)])),
    },
    lexicon: {
      version: LEXICON_VERSION,
      analyser: sentimentAnalyser(LEXICON_VERSION)!,
      words,
      sources: Object.fromEntries(LLM_LANGUAGES.map((language) => [language, { ...SENTIMENT_SOURCES[language], entries: words[language] }])),
      normalisation_alpha: SENTIMENT_ALPHA,
      negation_window_words: NEGATION_WINDOW,
      sentiment_buckets: SENTIMENT_BUCKETS,
    },
    thresholds: {
      four_fifths: FOUR_FIFTHS,
      small_group_responses: SMALL_GROUP_ROWS,
      exclusion_share: EXCLUSION_SHARE,
      favourable_sentiment_min: 0,
      weak_bias_threshold: WEAK_BIAS_THRESHOLD,
    },
  };
}
