import { and, eq } from "drizzle-orm";
import { TESTING_ERRORS, scoredColumnsSchema, type FairnessResults, type Population } from "../../../domain/entities/testing-task";
import { counterfactualResults, FairnessAccumulator, isPositiveOutcome } from "../../../domain/testing/fairness";
import type { Db } from "../../db/client";
import { applicationDocuments } from "../../db/schema";
import { selectDocuments } from "../../uploads/document-store";
import type { AnalysisContext } from "../analyzer";
import { TestingFailure } from "../analyzer";
import { openTable } from "../table-reader";
import { TWIN_SET_COLUMN, VARIED_ATTRIBUTE_COLUMN } from "./population";
import { syntheticProvenance } from "./provenance";
import { TwinOutcomes } from "./twin-outcomes";

/** Progress is reported every this many rows of a scored file. */
const PROGRESS_ROWS = 5_000;

/** The document of a task's application, with its processing status; null when it is gone. */
export async function scoredDocument(db: Db, companyId: string, applicationId: string, documentId: string) {
  const [found] = await selectDocuments(db).where(
    and(eq(applicationDocuments.id, documentId), eq(applicationDocuments.companyId, companyId), eq(applicationDocuments.applicationId, applicationId)),
  );
  return found ?? null;
}

/** The columns a scored population must have besides its outcome: the twin set, the varied attribute, each protected attribute. */
export const requiredPopulationColumns = (population: Population) => [TWIN_SET_COLUMN, VARIED_ATTRIBUTE_COLUMN, ...population.protected.map((a) => a.attribute)];

/**
 * Reads the file the user scored offline (the downloaded population with the model's outcome in a column
 * they name), streaming its rows into the fairness accumulator, with the protected attributes and twin sets
 * taken from the population's own columns. Its provenance hashes the scored file as stored.
 */
export async function analyzeScoredFile(context: AnalysisContext, population: Population): Promise<FairnessResults> {
  const { db, storage, task } = context;
  const columns = scoredColumnsSchema.safeParse(task.columns);
  if (!task.documentId || !columns.success) throw new TestingFailure(TESTING_ERRORS.documentMissing);
  const found = await scoredDocument(db, task.companyId, task.applicationId, task.documentId);
  const file = found && (await storage.open(found.document.storageKey));
  if (!found || !file) throw new TestingFailure(TESTING_ERRORS.documentMissing);
  if (!found.document.contentType) throw new TestingFailure(TESTING_ERRORS.documentType);
  const table = await openTable(file, found.document.contentType);

  const attributes = population.protected.map((a) => a.attribute);
  const indexOf = (column: string) => {
    try {
      return table.columnIndex(column);
    } catch (missing) {
      table.close();
      throw missing;
    }
  };
  const { outcome, outcome_type, positive_value } = columns.data;
  const outcomeAt = indexOf(outcome);
  const [twinSetAt, variedAt, ...protectedAt] = requiredPopulationColumns(population).map(indexOf);

  const accumulator = new FairnessAccumulator({ outcome_type, positive_value, has_label: false, attributes });
  const twins = new TwinOutcomes(outcome_type);
  for await (const cells of table.rows()) {
    const values = protectedAt.map((i) => cells[i]);
    accumulator.add(cells[outcomeAt], undefined, values);
    const cell = cells[outcomeAt]?.trim() ?? "";
    const attribute = cells[variedAt]?.trim() ?? "";
    const group = values[attributes.indexOf(attribute)]?.trim();
    const twinSet = cells[twinSetAt]?.trim();
    if (group && twinSet) {
      if (outcome_type === "score") {
        const score = Number(cell);
        if (cell !== "" && Number.isFinite(score)) twins.add(twinSet, attribute, group, { score });
      } else {
        const positive = isPositiveOutcome(cell, { outcome_type, positive_value });
        if (positive !== null) twins.add(twinSet, attribute, group, { positive });
      }
    }
    if (accumulator.rowsRead % PROGRESS_ROWS === 0) await context.progress(accumulator.rowsRead);
  }
  if (accumulator.rowsRead === 0) throw new TestingFailure(TESTING_ERRORS.noRows);
  const finished = accumulator.finish();
  if (finished.sample_size === 0) throw new TestingFailure(TESTING_ERRORS.noOutcome, { column: outcome });
  await context.progress(accumulator.rowsRead);

  return {
    ...finished,
    counterfactual: counterfactualResults(twins.rows(finished.median_score)),
    provenance: syntheticProvenance({
      sha256: table.sha256(),
      accumulator,
      columns: {
        ...columns.data,
        twin_set: TWIN_SET_COLUMN,
        varied_attribute: VARIED_ATTRIBUTE_COLUMN,
        protected: Object.fromEntries(attributes.map((a) => [a, a])),
      },
      population,
    }),
  };
}
