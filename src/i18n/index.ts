import i18n from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { initReactI18next } from "react-i18next";
import type { I18nProvider } from "@refinedev/core";
import { LANGUAGES, localesBackend, type Language } from "./resources";

void i18n
  .use(localesBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    fallbackLng: "en",
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    // The user's profile decides once known; until then the browser's language does. Nothing is stored.
    detection: { order: ["navigator"], caches: [] },
    interpolation: { escapeValue: false },
    returnNull: false,
    // A key with no text in any language would reach the screen as the key itself: say so where developers and
    // the browser tests look (the page walk fails on any console warning). A lookup that brings its own default
    // (a data value that may have a translation) is not missing text.
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key, _fallback, _update, options?: { defaultValue?: unknown }) => {
      if (options?.defaultValue === undefined) console.warn(`[i18n] no text for "${key}"`);
    },
  });

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => {
    const text = i18n.t(key, { defaultValue: defaultMessage, ...(options as object) });
    return typeof text === "string" ? text : String(text);
  },
  changeLocale: async (lang) => {
    await i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
  },
  getLocale: () => i18n.resolvedLanguage ?? "en",
};

export { i18n };
