import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language } from "../../../i18n/resources";
import { apiBlob } from "../../../providers/api-client";
import { saveBlob } from "../../applications/documents/document-format";

/** What a finished test can be downloaded as: its results as a table, and the bias summary to hand an auditor. */
export const DOWNLOADS = ["csv", "xlsx", "pdf"] as const;
export type ResultDownload = (typeof DOWNLOADS)[number];

/** A download of a test: what it is, where the API serves it and the file it is saved as, in the reader's language. */
export interface ResultFile {
  kind: ResultDownload;
  /** The button's words, under testing-results.downloads. */
  label: string;
  path(lang: Language): string;
  file(lang: Language): string;
}

const ML_FILES: Record<ResultDownload, (lang: Language) => string> = {
  csv: () => "results.csv",
  xlsx: () => "results.xlsx",
  pdf: (lang) => `bias-audit.pdf?lang=${lang}`,
};

export const downloadPath = (applicationId: string, taskId: string, kind: ResultDownload, lang: Language) =>
  `/applications/${encodeURIComponent(applicationId)}/testing/tasks/${encodeURIComponent(taskId)}/${ML_FILES[kind](lang)}`;

const mlFileName = (kind: ResultDownload, lang: Language) => (kind === "pdf" ? `bias-audit-${lang}.pdf` : `results.${kind}`);

/** An ML test's downloads: its results as CSV and Excel, and the bias-audit summary (NYC Local Law 144) as PDF. */
export const mlResultFiles = (applicationId: string, taskId: string): ResultFile[] =>
  DOWNLOADS.map((kind) => ({ kind, label: kind, path: (lang) => downloadPath(applicationId, taskId, kind, lang), file: (lang) => mlFileName(kind, lang) }));

/** Characters no file system takes in a name, and control characters. */
const UNSAFE_IN_NAME = /[<>:"/\\|?*\p{Cc}]+/gu;

/** "<application>-<test>-<file>": the name a download is saved under (the blob carries no name of its own). */
export function savedName(application: string, test: string, file: string): string {
  const part = (text: string) => text.replace(UNSAFE_IN_NAME, "-").replace(/\s+/g, " ").trim().slice(0, 80);
  const base = [application, test].map(part).filter(Boolean).join("-");
  return base ? `${base}-${file}` : file;
}

/** The name an ML test's download is saved under. */
export const downloadName = (application: string, test: string, kind: ResultDownload, lang: Language) => savedName(application, test, mlFileName(kind, lang));

/**
 * Downloads a test's files with the user's bearer token (the files are not public), saving them under a readable
 * name; the reports are written in the user's language.
 */
export function useResultDownloads(names: { application: string; test: string }) {
  const { t, i18n } = useTranslation();
  const lang: Language = (LANGUAGES as readonly string[]).includes(i18n.resolvedLanguage ?? "") ? (i18n.resolvedLanguage as Language) : "en";
  const [busy, setBusy] = useState<ResultDownload | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async (file: ResultFile) => {
    setBusy(file.kind);
    setFailure(null);
    try {
      const blob = await apiBlob(file.path(lang));
      saveBlob(blob, savedName(names.application, names.test, file.file(lang)));
    } catch (error) {
      setFailure(t("testing-results.downloads.failed", { file: t(`testing-results.downloads.${file.label}`), message: (error as Error).message }));
    } finally {
      setBusy(null);
    }
  };
  return { download, busy, failure, dismissFailure: () => setFailure(null) };
}
