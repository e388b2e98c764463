import type { ReportSubject } from "./report-subject";

/** A name part safe in any file system: no path separators, quotes, wildcards or control characters, spaces as dashes. */
export function fileNamePart(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\p{Cc}"*/:<>?\\|]+/gu, " ")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/^[.-]+|[.-]+$/g, "")
    .slice(0, 80);
}

/**
 * `<application>-<test>-<kind>` for a download: the test by its name, or by the day it finished when unnamed.
 * Content-Disposition adds the ASCII fallback and the UTF-8 form.
 */
export function reportFileName(
  subject: Pick<ReportSubject, "applicationName"> & { task: Pick<ReportSubject["task"], "name" | "finishedAt"> },
  kind: "results.csv" | "results.xlsx" | "bias-audit.pdf" | "llm-bias-summary.pdf",
): string {
  const test = fileNamePart(subject.task.name ?? "") || subject.task.finishedAt.toISOString().slice(0, 10);
  return [fileNamePart(subject.applicationName) || "application", test, kind].join("-");
}
