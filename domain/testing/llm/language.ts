import { tokenize } from "./words";

/** The languages whose refusal patterns and sentiment lexicon Steward ships. */
export const LLM_LANGUAGES = ["en", "es"] as const;
export type LlmLanguage = (typeof LLM_LANGUAGES)[number];

// Short, frequent words that are words of one language only (so "a", "no", "me" vote for neither).
const EN_STOP = new Set("the and is are was were of to in that it this with for you your i not be have has but they we on at as what which would could should will there their from an or".split(" "));
const ES_STOP = new Set("el la los las es son era de del que en por para con un una y pero ella él usted su sus muy este esta como más lo se al está están ser tiene puede".split(" "));

/**
 * The language of a response: the row's own (`en`, `es`, or a tag such as `es-MX`), else a vote of
 * frequent words, English when the vote ties (so an empty response is English).
 */
export function languageOf(declared: string | null | undefined, text: string | readonly string[]): LlmLanguage {
  const tag = (declared ?? "").trim().toLowerCase().slice(0, 2);
  if (tag === "en" || tag === "es") return tag;
  let en = 0;
  let es = 0;
  for (const word of typeof text === "string" ? tokenize(text) : text) {
    if (EN_STOP.has(word)) en++;
    else if (ES_STOP.has(word)) es++;
  }
  return es > en ? "es" : "en";
}
