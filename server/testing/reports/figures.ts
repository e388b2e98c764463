import type { ReportLanguage, ReportText } from "./texts";

/** How the published summary writes its figures, in the reader's language. */
export interface Figures {
  /** A rate as a percentage with one or two decimals: `12.5%`, `33.33%`. */
  percent(value: number | null): string;
  /** An impact ratio to three decimals, or the word for undefined. */
  ratio(value: number | null): string;
  count(value: number): string;
  /** A plain number at up to 6 decimals (a median score). */
  number(value: number): string;
  /** An instant's calendar day in UTC, in words (`14 March 2026`). */
  date(value: Date): string;
}

export function figures(language: ReportLanguage, t: ReportText): Figures {
  const percent = new Intl.NumberFormat(language, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 2 });
  const ratio = new Intl.NumberFormat(language, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
  const count = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 6 });
  const date = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" });
  const finite = (value: number | null): value is number => value !== null && Number.isFinite(value);
  return {
    percent: (value) => (finite(value) ? percent.format(value) : t("undefined")),
    ratio: (value) => (finite(value) ? ratio.format(value) : t("undefined")),
    count: (value) => count.format(value),
    number: (value) => number.format(value),
    date: (value) => date.format(value),
  };
}
