import { and, eq } from "drizzle-orm";
import type { ApplicationDocument } from "../../domain/entities/document";
import type { Db } from "../db/client";
import { applicationDocuments, processingItems } from "../db/schema";
import { notFound } from "../plugins/problem";

/** A document row with its processing item's status: what every document answer is built from. */
export function selectDocuments(db: Db) {
  return db
    .select({ document: applicationDocuments, status: processingItems.status, error: processingItems.error })
    .from(applicationDocuments)
    .innerJoin(processingItems, eq(processingItems.id, applicationDocuments.processingItemId));
}
export type DocumentWithStatus = Awaited<ReturnType<ReturnType<typeof selectDocuments>["where"]>>[number];

export function toDocument({ document: d, status, error }: DocumentWithStatus): ApplicationDocument {
  return {
    id: d.id,
    application_id: d.applicationId,
    name: d.name,
    content_type: d.contentType,
    size: d.size,
    status,
    error: status === "error" ? error : null,
    uploaded_by: { id: d.uploadedById, name: d.uploadedByName },
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}

/** One document of an application the caller already reached through findApplication; 404 otherwise. */
export async function findDocument(db: Db, applicationId: string, documentId: string): Promise<DocumentWithStatus> {
  const [found] = await selectDocuments(db).where(and(eq(applicationDocuments.id, documentId), eq(applicationDocuments.applicationId, applicationId)));
  if (!found) throw notFound("Document");
  return found;
}

/** `attachment; filename=…` that survives any file name: an ASCII fallback plus the RFC 5987 UTF-8 form. */
export function contentDisposition(name: string, disposition: "attachment" | "inline" = "attachment"): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\/]/g, "_");
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}
