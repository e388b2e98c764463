import type { TFunction } from "i18next";
import { CSV, DOC, DOCX, PDF, XLSX, type ProcessingStatus } from "../../../../domain/entities/document";

/** A sniffed content type as the user knows it: PDF, Word, CSV, Excel. */
export function typeLabel(t: TFunction, contentType: string | null): string {
  switch (contentType) {
    case PDF:
      return t("documents.types.pdf");
    case DOC:
    case DOCX:
      return t("documents.types.word");
    case CSV:
      return t("documents.types.csv");
    case XLSX:
      return t("documents.types.excel");
    default:
      return t("documents.types.unknown");
  }
}

/** 1234567 → "1.2 MB" in the reader's language. */
export function formatSize(bytes: number | null, locale: string): string {
  if (bytes === null) return "—";
  const units = ["byte", "kilobyte", "megabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(locale, { style: "unit", unit: units[unit], unitDisplay: "short", maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}

export const STATUS_COLORS: Record<ProcessingStatus, "default" | "info" | "success" | "error"> = {
  created: "default",
  waiting: "info",
  analyzing: "info",
  ready: "success",
  error: "error",
};

/** The viewer's address for a document (a protected page outside the main layout). */
export const viewerPath = (applicationId: string, documentId: string) =>
  `/document-viewer/${encodeURIComponent(documentId)}?application=${encodeURIComponent(applicationId)}`;

export { saveBlob } from "../../../components/downloads/save-blob";
