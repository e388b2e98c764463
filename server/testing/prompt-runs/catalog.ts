import { PROMPT_LANGUAGES, PROMPT_SET_IDS, PROMPT_SETS_VERSION, promptSetRows, type PromptLanguage, type PromptSet } from "../../../domain/testing/prompt-sets";
import type { PromptText } from "./texts";

const counts = new Map<string, number>();

/** How many prompts a set has in a language (rendered once, then remembered). */
function promptCount(id: PromptSet["id"], language: PromptLanguage): number {
  const key = `${id}/${language}`;
  let count = counts.get(key);
  if (count === undefined) counts.set(key, (count = promptSetRows(id, language).length));
  return count;
}

/** Every prompt set, described in the caller's language. */
export function promptSetCatalog(t: PromptText): PromptSet[] {
  return PROMPT_SET_IDS.map((id) => ({
    id,
    title: t(`sets.${id}.title`),
    description: t(`sets.${id}.description`),
    languages: [...PROMPT_LANGUAGES],
    prompts: Object.fromEntries(PROMPT_LANGUAGES.map((language) => [language, promptCount(id, language)])) as Record<PromptLanguage, number>,
    version: PROMPT_SETS_VERSION,
  }));
}
