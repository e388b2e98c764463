import type { LlmTable } from "../../../domain/entities/llm-results";
import { badRequest } from "../../plugins/problem";

type Row = LlmTable["rows"][number];
type Value = Row[string];

export interface TablePageQuery {
  page: number;
  page_size: number;
  /** A column id, descending with a leading `-`. */
  sort?: string;
  /** Rows with a text or number cell containing this text (case-insensitive); numbers are matched as written. */
  q?: string;
}

/** Nulls sort last either way; numbers by value, flags false before true, text in the locale's order. */
function compare(a: Value, b: Value): number {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return String(a).localeCompare(String(b));
}

/**
 * One page of a detail table, filtered then sorted (stably, so equal rows keep the table's own order). A sort
 * naming no column of the table is a 400 naming `sort`.
 */
export function tablePage(table: LlmTable, query: TablePageQuery): { columns: LlmTable["columns"][number][]; items: Row[]; total: number } {
  let rows = table.rows;
  const needle = query.q?.trim().toLowerCase();
  // Flags are left out of the search: "false" would match every row for an "a".
  if (needle) rows = rows.filter((row) => Object.values(row).some((cell) => (typeof cell === "string" || typeof cell === "number") && String(cell).toLowerCase().includes(needle)));
  if (query.sort) {
    const descending = query.sort.startsWith("-");
    const column = descending ? query.sort.slice(1) : query.sort;
    if (!table.columns.some((c) => c.id === column)) throw badRequest("The table has no column of that name to sort by.", [{ path: "sort", message: `No column "${column}" in this table.` }]);
    rows = [...rows].sort((a, b) => {
      const nullLast = (a[column] ?? null) === null || (b[column] ?? null) === null;
      const order = compare(a[column], b[column]);
      return descending && !nullLast ? -order : order;
    });
  }
  const start = (query.page - 1) * query.page_size;
  return { columns: [...table.columns], items: rows.slice(start, start + query.page_size), total: rows.length };
}
