import { eq } from "drizzle-orm";
import { TESTING_ERRORS } from "../../domain/entities/testing-task";
import type { Db } from "../db/client";
import { applicationDocuments } from "../db/schema";
import type { Storage } from "../storage/types";
import { TestingFailure, type TestingTaskRow } from "./analyzer";
import { openTable, type Table } from "./table-reader";

/**
 * The table a task analyses: its document's stored file, opened with its header read. A document deleted or
 * never stored since the task was started ends the run (documentMissing); a file without a header, noRows.
 */
export async function openTaskTable(db: Db, storage: Storage, task: TestingTaskRow): Promise<Table> {
  const [document] = task.documentId ? await db.select().from(applicationDocuments).where(eq(applicationDocuments.id, task.documentId)) : [];
  const file = document?.contentType ? await storage.open(document.storageKey) : null;
  if (!document?.contentType || !file) throw new TestingFailure(TESTING_ERRORS.documentMissing);
  const table = await openTable(file, document.contentType);
  if (table.header.length === 0) {
    table.close();
    throw new TestingFailure(TESTING_ERRORS.noRows);
  }
  return table;
}
