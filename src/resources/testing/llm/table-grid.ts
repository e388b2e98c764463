import type { GridColDef, GridSortModel } from "@mui/x-data-grid";
import type { ResultFormats } from "../results/result-formats";
import type { LlmCell, LlmTableColumn } from "./llm-api";

export type LlmGridRow = Record<string, LlmCell> & { __row: string };

/** A column id as a heading: "refusal_rate" → "Refusal rate" (the ids are the API's, the same in every language). */
export const columnHeading = (id: string) => {
  const words = id.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The API's sort parameter from the grid's: a column id, descending with a leading "-". */
export function sortParam(model: GridSortModel): string | undefined {
  const first = model[0];
  if (!first?.sort) return undefined;
  return first.sort === "desc" ? `-${first.field}` : first.field;
}

/** The rows carry no id of their own: their place in the page is one, unique within it. */
export const gridRows = (items: Record<string, LlmCell>[], page: number): LlmGridRow[] => items.map((item, i) => ({ ...item, __row: `${page}:${i}` }));

interface CellTexts {
  yes: string;
  no: string;
  none: string;
}

export function cellText(value: LlmCell | undefined, formats: ResultFormats, texts: CellTexts): string {
  if (value === null || value === undefined || value === "") return texts.none;
  if (typeof value === "boolean") return value ? texts.yes : texts.no;
  if (typeof value === "number") return formats.score(value);
  return value;
}

/** A detail table's columns as the grid shows them: numbers to the right, flags as yes/no, long texts wrapped. */
export function gridColumns(columns: readonly LlmTableColumn[], formats: ResultFormats, texts: CellTexts): GridColDef<LlmGridRow>[] {
  return columns.map((column) => ({
    field: column.id,
    headerName: columnHeading(column.id),
    type: column.type === "number" ? "number" : "string",
    flex: column.type === "string" ? 1 : undefined,
    minWidth: column.type === "string" ? 140 : 110,
    filterable: false,
    valueFormatter: (value: LlmCell) => cellText(value, formats, texts),
  }));
}
