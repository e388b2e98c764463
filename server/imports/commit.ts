import { eq } from "drizzle-orm";
import type { ImportRow } from "../../domain/entities/import";
import type { ImportEntity } from "../../domain/imports/fields";
import { applyEdit } from "../applications/changes";
import { insertApplication } from "../applications/create";
import { actorOf, recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { claimVersion } from "../db/versions";
import { applications, vendors } from "../db/schema";
import type { CurrentUser } from "../identity/caller";
import { conflict } from "../plugins/problem";
import { insertVendor, updateVendor } from "../vendors/store";
import type { CheckedRow, PendingWrite } from "./checked-row";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const CHANGED_MEANWHILE = "A record of the file was added, changed or removed by someone else while it was imported; nothing was imported. Check the file again and import it.";

/**
 * Writes the valid rows in one transaction: each new record added, each existing one of the same name updated,
 * every one audited with the import's id (the record's own entries carry it, and an `<entity>.imported` entry
 * says which line of which import). Answers the rows with their outcomes; a write that fails leaves nothing written.
 */
export async function writeRows(db: Db, user: CurrentUser, entity: ImportEntity, importId: string, rows: CheckedRow[]): Promise<ImportRow[]> {
  const actor = actorOf(user);
  const audit = { import_id: importId };
  try {
    return await db.transaction(async (tx) => {
      const done: ImportRow[] = [];
      for (const { view, write } of rows) {
        if (!write) {
          done.push({ ...view, outcome: "skipped" });
          continue;
        }
        const id = await apply(tx, user, write, { ...audit, line: view.line });
        const outcome = write.kind.endsWith(".create") ? "created" : "updated";
        await recordAudit(tx, actor, { entityType: entity === "applications" ? "application" : "vendor", entityId: id, action: `${entity === "applications" ? "application" : "vendor"}.imported`, after: { ...audit, line: view.line, outcome, name: view.name } });
        done.push({ ...view, outcome, record_id: id });
      }
      return done;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CHANGED_MEANWHILE);
    throw error;
  }
}

async function apply(tx: Tx, user: CurrentUser, write: PendingWrite, audit: Record<string, unknown>): Promise<string> {
  switch (write.kind) {
    case "application.create":
      return insertApplication(tx, user, write.input, audit);
    case "vendor.create":
      return insertVendor(tx, user, write.input, audit);
    case "application.update": {
      // Claiming the version locks the row and counts the edit, as an edit through the API does.
      if ((await claimVersion(tx, applications, eq(applications.id, write.id), undefined)) === undefined) throw conflict(CHANGED_MEANWHILE);
      const [row] = await tx.select().from(applications).where(eq(applications.id, write.id));
      await applyEdit(tx, row, write.body, actorOf(user), audit);
      return row.id;
    }
    case "vendor.update": {
      if ((await claimVersion(tx, vendors, eq(vendors.id, write.id), undefined)) === undefined) throw conflict(CHANGED_MEANWHILE);
      const [row] = await tx.select().from(vendors).where(eq(vendors.id, write.id));
      await updateVendor(tx, user, row, write.body, audit);
      return row.id;
    }
  }
}
