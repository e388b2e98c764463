import type { z } from "zod";
import { TESTING_ERRORS, type TestingResults } from "../../domain/entities/testing-task";
import { TestingFailure, type Analyzer } from "./analyzer";
import { openTaskTable } from "./task-table";
import { STEWARD_VERSION } from "./version";

/** How often (in rows) an analysis reports how far it got; the worker decides when that reaches the database. */
const REPORT_EVERY_ROWS = 1000;

/** What every run's provenance records, whatever it analysed. */
export interface BaseProvenance {
  input_sha256: string;
  rows_read: number;
  steward_version: string;
}

/** A column-mapped input as the rows are read: where each mapped column is, and the protected attributes' cells of a row. */
export interface MappedRows {
  /** A column's position in the header. */
  indexOf(column: string): number;
  /** The protected attributes, in the mapping's order. */
  attributes: readonly string[];
  protectedValues(row: readonly string[]): (string | undefined)[];
}

/** What differs between analyses of a column-mapped document; the pipeline is the same. */
export interface TableAnalysis<C extends { protected: Record<string, string> }, A extends { readonly rowsRead: number }> {
  /** The mapping's schema: checked when the task was created, so only a row changed by hand since fails it. */
  columns: z.ZodType<C>;
  /** The accumulator of this mapping, and how one row goes into it. */
  start(columns: C, rows: MappedRows): { accumulator: A; add(row: readonly string[]): void };
  /** A run whose rows cannot give results even though there were some (no outcome in any row) fails here. */
  check?(accumulator: A, columns: C): void;
  /** The results, with the provenance every run has and what this analysis adds to it. */
  results(accumulator: A, columns: C, provenance: BaseProvenance): TestingResults;
}

/**
 * One analysis of a document of the application, in four steps: read its mapping and open its table, stream the
 * rows into the accumulator (reporting progress), judge what was read, and answer the results with the provenance
 * an auditor needs to reproduce the run (the file's SHA-256 as stored, the rows read, Steward's version).
 */
export function tableAnalyzer<C extends { protected: Record<string, string> }, A extends { readonly rowsRead: number }>(analysis: TableAnalysis<C, A>): Analyzer {
  return async ({ db, storage, task, progress }) => {
    const parsed = analysis.columns.safeParse(task.columns);
    if (!parsed.success) throw new TestingFailure(TESTING_ERRORS.failed);
    const columns = parsed.data;

    const table = await openTaskTable(db, storage, task);
    try {
      // Column indexes are resolved once, from the header: every row is then read by position.
      const attributes = Object.keys(columns.protected);
      const protectedAt = attributes.map((attribute) => table.columnIndex(columns.protected[attribute]!));
      const { accumulator, add } = analysis.start(columns, {
        indexOf: table.columnIndex,
        attributes,
        protectedValues: (row) => protectedAt.map((i) => row[i]),
      });
      for await (const row of table.rows()) {
        add(row);
        if (accumulator.rowsRead % REPORT_EVERY_ROWS === 0) await progress(accumulator.rowsRead);
      }
      if (accumulator.rowsRead === 0) throw new TestingFailure(TESTING_ERRORS.noRows);
      analysis.check?.(accumulator, columns);
      await progress(accumulator.rowsRead);
      return analysis.results(accumulator, columns, { input_sha256: table.sha256(), rows_read: accumulator.rowsRead, steward_version: STEWARD_VERSION });
    } finally {
      table.close();
    }
  };
}
