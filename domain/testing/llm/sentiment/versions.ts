/**
 * The versions of the sentiment definition, apart from the analysers themselves so that the browser can label a
 * run by the version it was computed with without loading a lexicon. Bump LEXICON_VERSION whenever the analyser,
 * its lexicons or its rules change: every run records the version it used.
 */
export const LEXICON_VERSION = "2.0.0";

/** The analyser each version stands for, so a run stored under an older one is labelled for what it is. */
export const SENTIMENT_ANALYSERS = {
  "1.0.0": "steward_lexicon",
  "2.0.0": "vader",
} as const satisfies Record<string, string>;
export type SentimentAnalyser = (typeof SENTIMENT_ANALYSERS)[keyof typeof SENTIMENT_ANALYSERS];

export const sentimentAnalyser = (version: string): SentimentAnalyser | null => SENTIMENT_ANALYSERS[version as keyof typeof SENTIMENT_ANALYSERS] ?? null;
