import type { ApplicationDocument, UploadForm } from "../../../../domain/entities/document";
import { api, uploadPresigned } from "../../../providers/api-client";

/**
 * The second half of every upload (a document, a piece of evidence): the bytes go straight to storage through
 * the presigned form, with progress, then the API hears they arrived and checks them (type from the bytes, size).
 */
export async function transferFile(applicationId: string, documentId: string, form: UploadForm, file: File, onProgress: (percent: number) => void) {
  await uploadPresigned({ url: form.url, fields: form.fields, file, onProgress });
  return api<ApplicationDocument>({ method: "POST", path: `/applications/${applicationId}/document/${documentId}`, body: { uploaded: true } });
}
