import { mlColumnsSchema, TESTING_ERRORS } from "../../domain/entities/testing-task";
import { FairnessAccumulator, METRIC_DEFINITIONS_VERSION } from "../../domain/testing/fairness";
import { TestingFailure } from "./analyzer";
import { tableAnalyzer } from "./table-analysis";

/**
 * `fairness_ml_user`: the decisions (or scores) a user supplies in a CSV or .xlsx document of the application,
 * streamed row by row into the fairness accumulator (which keeps compact codes, never the rows).
 */
export const analyzeMlUser = tableAnalyzer({
  columns: mlColumnsSchema,
  start(columns, { indexOf, attributes, protectedValues }) {
    const outcome = indexOf(columns.outcome);
    const label = columns.label ? indexOf(columns.label) : -1;
    const accumulator = new FairnessAccumulator({ outcome_type: columns.outcome_type, positive_value: columns.positive_value, has_label: label >= 0, attributes });
    return { accumulator, add: (row) => accumulator.add(row[outcome], label >= 0 ? row[label] : undefined, protectedValues(row)) };
  },
  check(accumulator, columns) {
    if (accumulator.rowsWithoutOutcome === accumulator.rowsRead) throw new TestingFailure(TESTING_ERRORS.noOutcome, { column: columns.outcome });
  },
  results: (accumulator, columns, { input_sha256, rows_read, steward_version }) => ({
    ...accumulator.finish(),
    provenance: {
      input_sha256,
      rows_read,
      rows_without_outcome: accumulator.rowsWithoutOutcome,
      columns,
      metric_definitions_version: METRIC_DEFINITIONS_VERSION,
      steward_version,
    },
  }),
});
