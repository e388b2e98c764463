import { and, eq, ilike } from "drizzle-orm";
import type { ApplicationDocument } from "../../domain/entities/document";
import { actorOf, recordAudit, type Actor } from "../audit/record";
import type { Db } from "../db/client";
import { listPage, type ListQuery, type ListSorting } from "../db/list";
import type { ListTotal } from "../db/list-total";
import { applicationDocuments, processingItems } from "../db/schema";
import { likePattern } from "../db/search";
import type { CurrentUser } from "../identity/caller";
import { conflict, notFound } from "../plugins/problem";
import { enqueueItem } from "../processing/queue";

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

const documentSorting: ListSorting = {
  keys: { name: applicationDocuments.name, size: applicationDocuments.size, created_at: applicationDocuments.createdAt, updated_at: applicationDocuments.updatedAt },
  default: "-created_at",
  id: applicationDocuments.id,
  idOrder: "asc",
};

/** One page of an application's documents (searched by name) with their processing status, newest first unless asked otherwise. */
export async function listDocuments(db: Db, applicationId: string, query: ListQuery & { q?: string }): Promise<{ items: ApplicationDocument[] } & ListTotal> {
  const where = and(eq(applicationDocuments.applicationId, applicationId), query.q ? ilike(applicationDocuments.name, likePattern(query.q)) : undefined);
  const { rows, ...totals } = await listPage(db, { table: applicationDocuments, where, query, sorting: documentSorting, select: selectDocuments(db).$dynamic() });
  return { items: rows.map(toDocument), ...totals };
}

/** A new document of the application, waiting for its upload, with its processing item. */
export async function insertDocument(db: Db, user: CurrentUser, input: { id: string; applicationId: string; name: string; storageKey: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [item] = await tx.insert(processingItems).values({ companyId: user.companyId, kind: "document" }).returning();
    await tx.insert(applicationDocuments).values({
      id: input.id,
      companyId: user.companyId,
      applicationId: input.applicationId,
      name: input.name,
      storageKey: input.storageKey,
      processingItemId: item.id,
      uploadedById: user.actor === "user" ? user.id : null,
      uploadedByName: actorOf(user).name,
    });
  });
}

/**
 * Confirms a document's upload (queues its check; 409 if it was already confirmed) and/or renames it; both
 * audited on the application. Answers whether its check was queued.
 */
export async function confirmOrRenameDocument(
  db: Db,
  actor: Actor,
  found: DocumentWithStatus,
  change: { name?: string; uploaded?: boolean },
): Promise<boolean> {
  const { name, uploaded } = change;
  const entry = (action: string, before: unknown, after: unknown) => ({ entityType: "application", entityId: found.document.applicationId, action, before, after });
  let queued = false;
  await db.transaction(async (tx) => {
    if (uploaded) {
      if (!(await enqueueItem(tx, found.document.processingItemId))) throw conflict("This document's upload was already confirmed.");
      queued = true;
      const first = found.status === "created";
      await recordAudit(
        tx,
        actor,
        entry(first ? "document.added" : "document.updated", first ? null : { document_id: found.document.id, status: found.status }, {
          document_id: found.document.id,
          name: name ?? found.document.name,
          ...(first ? {} : { status: "waiting" }),
        }),
      );
    }
    if (name !== undefined && name !== found.document.name) {
      await tx.update(applicationDocuments).set({ name, updatedAt: new Date() }).where(eq(applicationDocuments.id, found.document.id));
      await recordAudit(tx, actor, entry("document.updated", { document_id: found.document.id, name: found.document.name }, { document_id: found.document.id, name }));
    }
  });
  return queued;
}

/**
 * Takes back a document whose file never arrived (still `created`: its uploader was told the upload failed), with
 * its processing item; answers false when it has moved on meanwhile. Nothing was audited for it yet: a document
 * enters the application's record when its upload is confirmed.
 */
export async function abandonDocument(db: Db, found: DocumentWithStatus): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select({ status: processingItems.status })
      .from(processingItems)
      .where(eq(processingItems.id, found.document.processingItemId))
      .for("update");
    if (item?.status !== "created") return false;
    await tx.delete(applicationDocuments).where(eq(applicationDocuments.id, found.document.id));
    await tx.delete(processingItems).where(eq(processingItems.id, found.document.processingItemId));
    return true;
  });
}
