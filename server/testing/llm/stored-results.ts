import type { LlmResults, LlmTable, LlmTableId } from "../../../domain/entities/llm-results";

/**
 * The most rows a detail table keeps with the results. The tables are per group, per pair of groups and per
 * divergent prompt (a handful per attribute), so the cap only guards the jsonb column against a pathological file
 * (thousands of distinct group values); a table cut short says so in `truncated`.
 */
export const TABLE_ROWS_CAP = 5000;

export interface StoredLlmTable extends LlmTable {
  truncated?: boolean;
}

/**
 * What an LLM task stores in its `results` column: the results contract, plus the detail tables' rows in
 * `tables_data`, so the tables are served without recomputing and without a table of their own.
 */
export type StoredLlmResults = LlmResults & { tables_data: Record<LlmTableId, StoredLlmTable> };

/** The tables, each cut to TABLE_ROWS_CAP rows. */
export function boundedTables(tables: Record<LlmTableId, LlmTable>): Record<LlmTableId, StoredLlmTable> {
  return Object.fromEntries(
    Object.entries(tables).map(([id, table]) => [id, table.rows.length > TABLE_ROWS_CAP ? { columns: table.columns, rows: table.rows.slice(0, TABLE_ROWS_CAP), truncated: true } : table]),
  ) as Record<LlmTableId, StoredLlmTable>;
}

/** The results as the API answers them: without the tables' rows, served page by page at their own route. */
export function publicResults(stored: StoredLlmResults): LlmResults {
  const { tables_data: _rows, ...results } = stored;
  return results;
}
