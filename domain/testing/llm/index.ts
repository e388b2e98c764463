/**
 * The fairness metrics of LLM responses, defined once for the server's analyses and the browser's
 * explanations. Bump LLM_METRIC_DEFINITIONS_VERSION whenever a definition changes (the lexicon and the
 * refusal patterns have their own versions): every run records all three.
 */
export const LLM_METRIC_DEFINITIONS_VERSION = "2.0.0";

export { EXCERPT_CHARS, LlmAccumulator, MAX_COMPARED_WORDS, type LlmAccumulatorOptions } from "./accumulator";
export { consistencyResults, DIVERGENT_DEFAULT, WEAK_BIAS_THRESHOLD, type PromptVariants, type Variant } from "./consistency";
export { emptyLlmTally, groupResults, SENTIMENT_BUCKETS, sentimentBucket, tallyResponse, type LlmTally } from "./groups";
export { languageOf, LLM_LANGUAGES, type LlmLanguage } from "./language";
export { isRefusal, REFUSAL_PATTERNS, REFUSAL_PATTERNS_VERSION, REFUSAL_WINDOW, refusalPattern } from "./refusal";
export { ATTRIBUTE_PLACEHOLDER, attributeWords, GENDERED_WORDS, lcsLength, neutralizedTokens, rougeL } from "./rouge";
export { LEXICON_VERSION, NEGATION_WINDOW, SENTIMENT_ALPHA, SENTIMENT_ANALYSERS, SENTIMENT_SOURCES, sentimentAnalyser, sentimentScore, SPANISH_LEXICON_ENTRIES, type SentimentAnalyser } from "./sentiment";
export { llmTables, LLM_TABLES } from "./tables";
export { wasserstein1 } from "./wasserstein";
export { medianOf, tokenize, wordCount } from "./words";
export { summarizeLlmResults } from "./summary";
