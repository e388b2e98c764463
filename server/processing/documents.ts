import { eq } from "drizzle-orm";
import { claimedDocumentType, DOCUMENT_ERRORS, DOCUMENT_MAX_BYTES, type DocumentContentType } from "../../domain/entities/document";
import type { Db } from "../db/client";
import { applicationDocuments } from "../db/schema";
import type { Storage } from "../storage/types";
import { sniffDocument } from "../uploads/documents";
import { finishItem, type ProcessingItem } from "./queue";
import type { Processor } from "./worker";

/**
 * A document's processing: the stored object must exist, be within the size limit and sniff as an
 * accepted type that its name does not contradict. With S3 this is the first look at the bytes (the browser posted them to the bucket),
 * so a refused object is deleted: nothing unaccepted stays stored.
 */
export async function processDocument(db: Db, storage: Storage, item: ProcessingItem): Promise<void> {
  const [document] = await db.select().from(applicationDocuments).where(eq(applicationDocuments.processingItemId, item.id));
  if (!document) {
    await finishItem(db, item.id, { status: "error", error: DOCUMENT_ERRORS.missing });
    return;
  }
  const file = await storage.open(document.storageKey);
  let error: string | null = null;
  let contentType: DocumentContentType | null = null;
  if (!file || file.size === 0) error = DOCUMENT_ERRORS.missing;
  else if (file.size > DOCUMENT_MAX_BYTES) error = DOCUMENT_ERRORS.tooLarge;
  else if (!(contentType = await sniffDocument(file))) error = DOCUMENT_ERRORS.type;
  // Posted straight to the bucket, the bytes meet the name's promise here for the first time.
  else if (claimedDocumentType(document.name, undefined, contentType)) error = DOCUMENT_ERRORS.mismatch;

  if (error) {
    if (file) await storage.remove(document.storageKey);
    await db.transaction(async (tx) => {
      await tx.update(applicationDocuments).set({ contentType: null, size: null, updatedAt: new Date() }).where(eq(applicationDocuments.id, document.id));
      await finishItem(tx, item.id, { status: "error", error: error! });
    });
    return;
  }
  await db.transaction(async (tx) => {
    await tx.update(applicationDocuments).set({ contentType, size: file!.size, updatedAt: new Date() }).where(eq(applicationDocuments.id, document.id));
    await finishItem(tx, item.id, { status: "ready" });
  });
}

/** The document queue's work: each uploaded file checked; a check that breaks ends the document in `error`. */
export const documentProcessor = (db: Db, storage: Storage): Processor => ({
  kind: "document",
  label: "document check",
  doneMessage: "document checked",
  process: (item) => processDocument(db, storage, item),
  fail: async (item) => void (await finishItem(db, item.id, { status: "error", error: DOCUMENT_ERRORS.failed })),
});
