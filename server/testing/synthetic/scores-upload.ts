import { and, eq } from "drizzle-orm";
import { CSV, XLSX } from "../../../domain/entities/document";
import type { z } from "zod";
import { populationSchema, type scoredUploadSchema } from "../../../domain/entities/testing-task";
import type { Db } from "../../db/client";
import { testingTasks } from "../../db/schema";
import { badRequest, conflict } from "../../plugins/problem";
import { enqueueItem } from "../../processing/queue";
import type { Storage } from "../../storage/types";
import { TestingFailure } from "../analyzer";
import { openTable } from "../table-reader";
import { requiredPopulationColumns, scoredDocument } from "./scored-file";
import { historyWith } from "../history";
import type { FoundTestingTask } from "../store";

/** Field messages (i18n keys) of a refused scored upload. */
export const SCORES_MESSAGES = {
  documentUnknown: "testing.validation.documentUnknown",
  documentNotReady: "testing.validation.documentNotReady",
  documentType: "testing.validation.documentType",
  documentUnreadable: "testing.validation.documentUnreadable",
  columnMissing: "testing.validation.columnMissing",
  populationColumns: "testing.validation.populationColumns",
} as const;

const NOT_WAITING_FOR_SCORES =
  "Scores are taken only by an offline synthetic test that is waiting for them (created) or failed (error): this test is not one.";

/** The header of a stored CSV or .xlsx document, or a 400 naming `document_id` when it cannot be read. */
async function headerOf(storage: Storage, storageKey: string, contentType: string): Promise<string[]> {
  const file = await storage.open(storageKey);
  if (!file) throw badRequest("The scored file is missing from storage.", [{ path: "document_id", message: SCORES_MESSAGES.documentNotReady }]);
  try {
    const table = await openTable(file, contentType);
    table.close();
    return table.header;
  } catch (error) {
    if (!(error instanceof TestingFailure)) throw error;
    throw badRequest("The scored file cannot be read as a table.", [{ path: "document_id", message: SCORES_MESSAGES.documentUnreadable }]);
  }
}

/**
 * Attaches the scored population to an offline synthetic task and queues it (created or error → waiting).
 * The file must be a ready CSV or .xlsx document of the same application whose header has the outcome
 * column and the population's own columns (twin set, varied attribute, each protected attribute).
 */
export async function attachScores(db: Db, storage: Storage, task: FoundTestingTask, body: z.infer<typeof scoredUploadSchema>): Promise<void> {
  const population = populationSchema.safeParse(task.population);
  if (task.dataSource !== "fairness_ml_synthetic" || !population.success || population.data.scoring !== "offline" || (task.status !== "created" && task.status !== "error")) {
    throw conflict(NOT_WAITING_FOR_SCORES);
  }
  const found = await scoredDocument(db, task.companyId, task.applicationId, body.document_id);
  if (!found) throw badRequest("The scored file must be a document of this application.", [{ path: "document_id", message: SCORES_MESSAGES.documentUnknown }]);
  const { document } = found;
  if (found.status !== "ready" || !document.contentType) {
    throw badRequest("The scored file has not passed its upload check yet.", [{ path: "document_id", message: SCORES_MESSAGES.documentNotReady }]);
  }
  if (document.contentType !== CSV && document.contentType !== XLSX) {
    throw badRequest("The scored file must be a CSV or .xlsx file.", [{ path: "document_id", message: SCORES_MESSAGES.documentType }]);
  }

  const header = await headerOf(storage, document.storageKey, document.contentType);
  const own = requiredPopulationColumns(population.data);
  const missing = own.filter((column) => !header.includes(column));
  if (!header.includes(body.columns.outcome)) {
    throw badRequest(`The scored file has no column "${body.columns.outcome}".`, [{ path: "columns.outcome", message: SCORES_MESSAGES.columnMissing }]);
  }
  if (missing.length > 0) {
    throw badRequest(`The scored file lacks the population's columns: ${missing.join(", ")}. Score the downloaded population without removing its columns.`, [
      { path: "document_id", message: SCORES_MESSAGES.populationColumns },
    ]);
  }
  if (own.includes(body.columns.outcome)) {
    throw badRequest(`"${body.columns.outcome}" is one of the population's own columns, not the model's outcome.`, [{ path: "columns.outcome", message: SCORES_MESSAGES.columnMissing }]);
  }

  await db.transaction(async (tx) => {
    // Queued first: a task another request has just queued is not reset under it.
    if (!(await enqueueItem(tx, task.processingItemId))) throw conflict(NOT_WAITING_FOR_SCORES);
    await tx
      .update(testingTasks)
      .set({
        documentId: document.id,
        columns: body.columns,
        errorParams: null,
        rowsRead: 0,
        results: null,
        summary: null,
        finishedAt: null,
        history: historyWith("waiting", new Date()),
        updatedAt: new Date(),
      })
      .where(and(eq(testingTasks.id, task.id), eq(testingTasks.companyId, task.companyId)));
  });
}
