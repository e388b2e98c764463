import { useMemo } from "react";
import { useTranslation } from "react-i18next";

/** A calendar date in the UI's language, e.g. "21 Nov 2026". */
export function useFormatDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? "en", { dateStyle: "medium" });
    return (iso: string) => format.format(new Date(iso));
  }, [i18n.resolvedLanguage]);
}

/** A review is overdue once its due instant has passed. */
export function isReviewOverdue(due: string | null, now: Date = new Date()): boolean {
  return due !== null && new Date(due).getTime() < now.getTime();
}
