import { mlColumnsSchema, TESTING_ERRORS, type FairnessResults } from "../../domain/entities/testing-task";
import { FairnessAccumulator, METRIC_DEFINITIONS_VERSION } from "../../domain/testing/fairness";
import { TestingFailure, type Analyzer } from "./analyzer";
import { openTaskTable } from "./task-table";
import { STEWARD_VERSION } from "./version";

/** How often (in rows) the analysis reports how far it got; the worker decides when that reaches the database. */
const REPORT_EVERY_ROWS = 1000;

/**
 * `fairness_ml_user`: the decisions (or scores) a user supplies in a CSV or .xlsx document of the application,
 * streamed row by row into the fairness accumulator (which keeps compact codes, never the rows), with the
 * provenance an auditor needs to reproduce the run.
 */
export const analyzeMlUser: Analyzer = async ({ db, storage, task, progress }) => {
  const parsed = mlColumnsSchema.safeParse(task.columns);
  // Checked when the task was created; a row changed by hand since is the only way here.
  if (!parsed.success) throw new TestingFailure(TESTING_ERRORS.failed);
  const columns = parsed.data;

  const table = await openTaskTable(db, storage, task);
  try {
    // Column indexes are resolved once, from the header: every row is then read by position.
    const indexOf = table.columnIndex;
    const attributes = Object.keys(columns.protected);
    const outcome = indexOf(columns.outcome);
    const label = columns.label ? indexOf(columns.label) : -1;
    const protectedIndexes = attributes.map((attribute) => indexOf(columns.protected[attribute]));
    const accumulator = new FairnessAccumulator({ outcome_type: columns.outcome_type, positive_value: columns.positive_value, has_label: label >= 0, attributes });

    for await (const row of table.rows()) {
      accumulator.add(
        row[outcome],
        label >= 0 ? row[label] : undefined,
        protectedIndexes.map((i) => row[i]),
      );
      if (accumulator.rowsRead % REPORT_EVERY_ROWS === 0) await progress(accumulator.rowsRead);
    }
    if (accumulator.rowsRead === 0) throw new TestingFailure(TESTING_ERRORS.noRows);
    if (accumulator.rowsWithoutOutcome === accumulator.rowsRead) throw new TestingFailure(TESTING_ERRORS.noOutcome, { column: columns.outcome });
    await progress(accumulator.rowsRead);

    const results: FairnessResults = {
      ...accumulator.finish(),
      provenance: {
        input_sha256: table.sha256(),
        rows_read: accumulator.rowsRead,
        rows_without_outcome: accumulator.rowsWithoutOutcome,
        columns,
        metric_definitions_version: METRIC_DEFINITIONS_VERSION,
        steward_version: STEWARD_VERSION,
      },
    };
    return results;
  } finally {
    table.close();
  }
};
