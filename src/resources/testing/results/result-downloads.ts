import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language } from "../../../i18n/resources";
import { apiBlob } from "../../../providers/api-client";
import { saveBlob } from "../../applications/documents/document-format";

/** What a finished test can be downloaded as: its results as a table, and the bias-audit summary to publish. */
export const DOWNLOADS = ["csv", "xlsx", "pdf"] as const;
export type ResultDownload = (typeof DOWNLOADS)[number];

const FILES: Record<ResultDownload, (lang: Language) => string> = {
  csv: () => "results.csv",
  xlsx: () => "results.xlsx",
  pdf: (lang) => `bias-audit.pdf?lang=${lang}`,
};

export const downloadPath = (applicationId: string, taskId: string, kind: ResultDownload, lang: Language) =>
  `/applications/${encodeURIComponent(applicationId)}/testing/tasks/${encodeURIComponent(taskId)}/${FILES[kind](lang)}`;

/** Characters no file system takes in a name, and control characters. */
const UNSAFE_IN_NAME = /[<>:"/\\|?*\p{Cc}]+/gu;

/** "<application>-<test>-results.csv": the name the file is saved under (the blob carries no name of its own). */
export function downloadName(application: string, test: string, kind: ResultDownload, lang: Language): string {
  const part = (text: string) => text.replace(UNSAFE_IN_NAME, "-").replace(/\s+/g, " ").trim().slice(0, 80);
  const base = [application, test].map(part).filter(Boolean).join("-");
  const file = kind === "pdf" ? `bias-audit-${lang}.pdf` : `results.${kind}`;
  return base ? `${base}-${file}` : file;
}

/**
 * Downloads a test's results with the user's bearer token (the files are not public), saving them under a
 * readable name; the bias-audit summary is written in the user's language.
 */
export function useResultDownloads(applicationId: string, taskId: string, names: { application: string; test: string }) {
  const { t, i18n } = useTranslation();
  const lang: Language = (LANGUAGES as readonly string[]).includes(i18n.resolvedLanguage ?? "") ? (i18n.resolvedLanguage as Language) : "en";
  const [busy, setBusy] = useState<ResultDownload | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async (kind: ResultDownload) => {
    setBusy(kind);
    setFailure(null);
    try {
      const blob = await apiBlob(downloadPath(applicationId, taskId, kind, lang));
      saveBlob(blob, downloadName(names.application, names.test, kind, lang));
    } catch (error) {
      setFailure(t("testing-results.downloads.failed", { file: t(`testing-results.downloads.${kind}`), message: (error as Error).message }));
    } finally {
      setBusy(null);
    }
  };
  return { download, busy, failure, dismissFailure: () => setFailure(null) };
}
