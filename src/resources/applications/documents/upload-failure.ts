import type { ChangeEvent } from "react";
import type { HttpError } from "@refinedev/core";
import type { TFunction } from "i18next";
import { typeLabel } from "./document-format";

/** The file an input just chose; the input is cleared so that choosing the same file again fires another change. */
export function takeChosenFile(event: ChangeEvent<HTMLInputElement>): File | null {
  const file = event.target.files?.[0] ?? null;
  event.target.value = "";
  return file;
}

/** Why an upload was refused, in the user's language: a mismatch names what the file claimed and what it is. */
export function uploadFailure(t: TFunction, error: HttpError): string {
  const problem = error.problem as { claimed_type?: string; detected_type?: string } | undefined;
  if (problem?.claimed_type && problem.detected_type) {
    return t("documents.errors.mismatchDetail", { claimed: typeLabel(t, problem.claimed_type), detected: typeLabel(t, problem.detected_type) });
  }
  if (error.storageUnavailable) return t("documents.errors.storageUnavailable");
  if (error.statusCode === 413) return t("documents.errors.tooLarge");
  if (error.statusCode === 400) return t("documents.errors.type");
  return error.message;
}
