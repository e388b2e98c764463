import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { CSV, DOCUMENT_MAX_BYTES, type ApplicationDocument } from "../../../domain/entities/document";
import type { ApplicationRow } from "../../applications/store";
import { actorOf, recordAudit } from "../../audit/record";
import type { Db } from "../../db/client";
import { applicationDocuments, processingItems } from "../../db/schema";
import type { CurrentUser } from "../../plugins/auth";
import { LocalStorage } from "../../storage/local";
import { documentKey, type Storage } from "../../storage/types";
import { findDocument, toDocument } from "../../uploads/document-store";

/** Whether the server can write a document's file itself: local storage only (S3 takes the browser's uploads). */
export const canStoreServerFiles = (storage: Storage): storage is LocalStorage => storage instanceof LocalStorage;

/**
 * A CSV file the server made, stored as a new document of the application: the object is written first, then
 * its row (the object is removed again if that fails) with a processing item that is already `ready` (the server wrote the bytes, there is nothing to
 * check), and the addition is audited on the application as an upload's is.
 */
export async function storeCsvDocument(
  db: Db,
  storage: LocalStorage,
  user: CurrentUser,
  application: ApplicationRow,
  name: string,
  csv: string,
  audit: Record<string, unknown>,
): Promise<ApplicationDocument> {
  const bytes = Buffer.from(csv, "utf8");
  const id = randomUUID();
  const storageKey = documentKey(application.companyId, application.id, id);
  await (await storage.receive(storageKey, Readable.from([bytes]), DOCUMENT_MAX_BYTES)).commit();
  const actor = actorOf(user);
  try {
    await db.transaction(async (tx) => {
      const [item] = await tx.insert(processingItems).values({ companyId: application.companyId, kind: "document", status: "ready" }).returning();
      await tx.insert(applicationDocuments).values({
        id,
        companyId: application.companyId,
        applicationId: application.id,
        name,
        storageKey,
        contentType: CSV,
        size: bytes.length,
        processingItemId: item.id,
        uploadedById: user.actor === "user" ? user.id : null,
        uploadedByName: actor.name,
      });
      await recordAudit(tx, actor, { entityType: "application", entityId: application.id, action: "document.added", before: null, after: { document_id: id, name, ...audit } });
    });
  } catch (error) {
    // No row points at the file: it must not stay stored.
    await storage.remove(storageKey);
    throw error;
  }
  return toDocument(await findDocument(db, application.id, id));
}
