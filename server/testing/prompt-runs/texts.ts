import type { PromptLanguage } from "../../../domain/testing/prompt-sets";
import promptsEn from "../../../locales/en/testing-prompts.json";
import promptsEs from "../../../locales/es/testing-prompts.json";

const LOCALES: Record<PromptLanguage, Record<string, unknown>> = { en: promptsEn, es: promptsEs };

function lookup(language: PromptLanguage, key: string): string | undefined {
  const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], LOCALES[language]);
  return typeof value === "string" ? value : undefined;
}

/** A text of the prompt sets (locales/<lng>/testing-prompts.json) with its `{{name}}` placeholders filled. */
export type PromptText = (key: string, params?: Record<string, string | number>) => string;

export function promptTexts(language: PromptLanguage): PromptText {
  return (key, params = {}) => {
    const template = lookup(language, key) ?? lookup("en", key) ?? key;
    return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
  };
}
