import { LOGO_MAX_BYTES } from "../../../domain/entities/company";

/** What the file input offers; the server still judges the bytes. */
export const LOGO_ACCEPT = "image/png,image/jpeg,image/webp";

/** A message key when the chosen file cannot be a logo, checked before sending it; the server remains the authority. */
export function logoFileProblem(file: Pick<File, "size">): string | null {
  return file.size > LOGO_MAX_BYTES ? "company.logo.tooLarge" : null;
}
