import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import i18next, { type i18n, type TOptions } from "i18next";
import type { FastifyRequest } from "fastify";
import { REPORT_LANGUAGES, reportLanguage, type ReportLanguage } from "../testing/reports/texts";

/**
 * The app's own words on the server, for the files it writes (exports, the dossier, reports, import templates):
 * every locales/<lng>/<area>.json, addressed as the browser addresses it (`<area>.<key>`), through i18next, so
 * plurals and `{{placeholders}}` work alike on both sides. Read once, on first use.
 */
const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../locales");

export const LANGUAGES = REPORT_LANGUAGES;
export type Language = ReportLanguage;

/** A text by key in one language (`language`); English when the language lacks it, the key itself when both do. */
export type Texts = ((key: string, params?: TOptions) => string) & { language: Language };

function areas(language: Language): Record<string, unknown> {
  const folder = path.join(LOCALES, language);
  return Object.fromEntries(
    readdirSync(folder)
      .filter((file) => file.endsWith(".json"))
      .map((file) => [file.slice(0, -".json".length), JSON.parse(readFileSync(path.join(folder, file), "utf8")) as unknown]),
  );
}

let instance: i18n | undefined;

function translator(): i18n {
  if (!instance) {
    instance = i18next.createInstance();
    void instance.init({
      initAsync: false,
      resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { translation: areas(lng) }])),
      fallbackLng: "en",
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  return instance;
}

/**
 * The texts of one language. A text without parameters is looked up once: an export writes the same few
 * labels (a tier, a status) on every one of its rows.
 */
export function textsFor(language: Language): Texts {
  const t = translator().getFixedT(language);
  const plain = new Map<string, string>();
  const texts = (key: string, params?: TOptions) => {
    if (params) return String(t(key, params));
    let text = plain.get(key);
    if (text === undefined) plain.set(key, (text = String(t(key))));
    return text;
  };
  return Object.assign(texts, { language });
}

/** The first of en/es the request's Accept-Language header prefers, else English: for answers before sign-in. */
export const acceptedLanguage = (request: FastifyRequest): Language => reportLanguage(undefined, request.headers["accept-language"]);

/**
 * The language a file is written in: `?lang=` when given, else the first of en/es the Accept-Language header
 * prefers (as the other downloads do), else a person's profile language, else English.
 */
export function languageOf(request: FastifyRequest, requested?: Language): Language {
  if (requested) return requested;
  if (request.headers["accept-language"]) return acceptedLanguage(request);
  const profile = request.user.actor === "user" ? request.user.language : undefined;
  return (LANGUAGES as readonly string[]).includes(profile ?? "") ? (profile as Language) : "en";
}
