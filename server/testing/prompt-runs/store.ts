import { randomUUID } from "node:crypto";
import { CSV, type ApplicationDocument } from "../../../domain/entities/document";
import type { ApplicationRow } from "../../applications/row";
import { actorOf, recordAudit } from "../../audit/record";
import type { Db } from "../../db/client";
import { applicationDocuments, processingItems } from "../../db/schema";
import type { CurrentUser } from "../../identity/caller";
import { documentKey, type Storage } from "../../storage/types";
import { findDocument, toDocument } from "../../uploads/document-store";


/**
 * A CSV file the server made, stored as a new document of the application: the object is written first, then
 * its row (the object is removed again if that fails) with a processing item that is already `ready` (the server wrote the bytes, there is nothing to
 * check), and the addition is audited on the application as an upload's is.
 */
export async function storeCsvDocument(
  db: Db,
  storage: Storage,
  user: CurrentUser,
  application: ApplicationRow,
  name: string,
  csv: string,
  audit: Record<string, unknown>,
): Promise<ApplicationDocument> {
  const bytes = Buffer.from(csv, "utf8");
  const id = randomUUID();
  const storageKey = documentKey(application.companyId, application.id, id);
  await storage.put(storageKey, bytes, CSV);
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
