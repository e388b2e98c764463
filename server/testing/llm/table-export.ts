import type { LlmTableId } from "../../../domain/entities/llm-results";
import { LLM_TABLES } from "../../../domain/testing/llm";
import { neutralisedText, numberCell, type Cell } from "../reports/cells";
import type { TableBlock } from "../reports/results-table";
import type { StoredLlmTable } from "./stored-results";

/**
 * A detail table as one block for the CSV and workbook writers of the reports: every column, every row in the
 * order asked, text from the user's data neutralised so no spreadsheet runs it as a formula.
 */
export function llmTableBlock(tableId: LlmTableId, table: StoredLlmTable, rows: StoredLlmTable["rows"] = table.rows): TableBlock {
  const title = LLM_TABLES.find((t) => t.id === tableId)?.title ?? tableId;
  const cell = (value: StoredLlmTable["rows"][number][string] | undefined): Cell => {
    if (value === undefined || value === null) return null;
    if (typeof value === "number") return numberCell(value);
    if (typeof value === "string") return neutralisedText(value);
    return value;
  };
  return {
    // A worksheet's name is at most 31 characters.
    title: title.slice(0, 31),
    header: table.columns.map((c) => c.id),
    rows: rows.map((row) => table.columns.map((c) => cell(row[c.id]))),
  };
}
