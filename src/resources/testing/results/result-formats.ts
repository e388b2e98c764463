import { useMemo } from "react";
import { useTranslation } from "react-i18next";

/** How the results page writes its numbers, in the reader's language. */
export interface ResultFormats {
  count(value: number): string;
  /** A rate or a share as a percentage: 0.4231 → "42.3%". */
  percent(value: number): string;
  /** A ratio or a difference to 3 decimals; null (no ratio can be had) → "undefined", never NaN. */
  ratio(value: number | null): string;
  /** A p-value: 3 decimals, or scientific notation under 0.001 ("1.2 × 10⁻⁵"); null → "—". */
  pValue(value: number | null): string;
  /** A model's score, as precise as scores usually are. */
  score(value: number): string;
}

/** Below this a p-value's decimals would all be zeros: it is written in scientific notation. */
const SMALL_P = 0.001;

const SUPERSCRIPT: Record<string, string> = {
  "-": "⁻",
  "0": "⁰",
  "1": "¹",
  "2": "²",
  "3": "³",
  "4": "⁴",
  "5": "⁵",
  "6": "⁶",
  "7": "⁷",
  "8": "⁸",
  "9": "⁹",
};

export function resultFormats(locale: string, texts: { undefined: string; none: string }): ResultFormats {
  const count = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const ratio = new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  const scientific = new Intl.NumberFormat(locale, { notation: "scientific", maximumSignificantDigits: 2 });
  const score = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  const finite = (value: number | null): value is number => value !== null && Number.isFinite(value);

  const smallP = (value: number) => {
    const parts = scientific.formatToParts(value);
    const at = parts.findIndex((p) => p.type === "exponentSeparator");
    const mantissa = parts.slice(0, at).map((p) => p.value).join("");
    const exponent = parts.slice(at + 1).map((p) => (p.type === "exponentMinusSign" ? "-" : p.value)).join("");
    return `${mantissa} × 10${[...exponent].map((c) => SUPERSCRIPT[c] ?? c).join("")}`;
  };

  return {
    count: (value) => count.format(value),
    percent: (value) => percent.format(value),
    ratio: (value) => (finite(value) ? ratio.format(value) : texts.undefined),
    pValue: (value) => {
      if (!finite(value)) return texts.none;
      // A p-value too small for a double is stored as 0: written as such, not as "0 × 10⁰".
      if (value === 0) return count.format(0);
      return value < SMALL_P ? smallP(value) : ratio.format(value);
    },
    score: (value) => score.format(value),
  };
}

export function useResultFormats(): ResultFormats {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? "en";
  return useMemo(() => resultFormats(locale, { undefined: t("testing-results.undefined"), none: t("testing-results.none") }), [locale, t]);
}
