import { RACE_ETHNICITY, SEX, SEX_RACE_ETHNICITY } from "../../../domain/entities/testing-task";
import reportsEn from "../../../locales/en/testing-reports.json";
import reportsEs from "../../../locales/es/testing-reports.json";

/** The languages reports are written in. */
export const REPORT_LANGUAGES = ["en", "es"] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

const LOCALES: Record<ReportLanguage, Record<string, unknown>> = { en: reportsEn, es: reportsEs };

function lookup(language: ReportLanguage, key: string): string | undefined {
  const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], LOCALES[language]);
  return typeof value === "string" ? value : undefined;
}

/** A report text by key (locales/<lng>/testing-reports.json), `{{name}}` placeholders filled; English when Spanish lacks it. */
export type ReportText = (key: string, params?: Record<string, string | number>) => string;

export function reportTexts(language: ReportLanguage): ReportText {
  return (key, params = {}) => {
    const template = lookup(language, key) ?? lookup("en", key) ?? key;
    return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
  };
}

/**
 * The language a report is asked for: `?lang=` when given, else the first of en/es the Accept-Language
 * header prefers (by q-value; `es-MX` counts as `es`), else English.
 */
export function reportLanguage(requested: ReportLanguage | undefined, acceptLanguage: string | undefined): ReportLanguage {
  if (requested) return requested;
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { primary: tag.trim().toLowerCase().split("-")[0], weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.map((entry) => entry.primary).find((tag): tag is ReportLanguage => (REPORT_LANGUAGES as readonly string[]).includes(tag)) ?? "en";
}

const LAW_CATEGORIES: readonly string[] = [SEX, RACE_ETHNICITY, SEX_RACE_ETHNICITY];

/** A protected category's name for readers: the law's categories by name, any other attribute by its key. */
export function categoryLabel(t: ReportText, category: string): string {
  return LAW_CATEGORIES.includes(category) ? t(`categories.${category}`) : t("categories.other", { key: category });
}
