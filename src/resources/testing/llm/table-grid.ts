import type { TFunction } from "i18next";
import type { GridColDef, GridSortModel } from "@mui/x-data-grid";
import type { ResultFormats } from "../results/result-formats";
import { categoryLabel, groupLabel } from "../task-text";
import type { LlmCell, LlmTableColumn } from "./llm-api";

export type LlmGridRow = Record<string, LlmCell> & { __row: string };

/** A column id this browser has no words for, as a heading: "refusal_rate" → "Refusal rate". */
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

/** The words a table's cells need in the reader's language: yes/no, an empty cell, and labels for ids. */
export interface CellTexts {
  yes: string;
  no: string;
  none: string;
  /** A column's heading; undefined for a column this browser has no words for. */
  heading(id: string): string | undefined;
  attribute(key: string): string;
  group(value: string): string;
  rule(rule: string): string;
}

/** The cells' words from the reader's translations. */
export const cellTexts = (t: TFunction): CellTexts => ({
  yes: t("testing-llm.details.yes"),
  no: t("testing-llm.details.no"),
  none: t("testing-llm.none"),
  heading: (id) => t(`testing-llm.columns.${id}`, { defaultValue: "" }) || undefined,
  attribute: (key) => categoryLabel(t, key),
  group: (value) => groupLabel(t, value),
  rule: (rule) => t(`testing-llm.rules.${rule}`, { defaultValue: rule }),
});

/** How a number column reads: rates and shares as percentages, ratios and scores to 3 decimals, counts whole. */
const PERCENT = new Set(["share", "refusal_rate", "favourable_rate", "refusal_disagreement_rate"]);
const RATIO = new Set(["favourable_ratio", "mean_sentiment", "sentiment_a", "sentiment_b", "strict", "weak", "mean_sentiment_gap", "sentiment_gap", "similarity", "mean_similarity"]);
const ONE_DECIMAL = new Set(["mean_words", "median_words"]);
const GROUP = new Set(["group", "group_a", "group_b"]);

export function cellText(value: LlmCell | undefined, formats: ResultFormats, texts: CellTexts, column = ""): string {
  if (value === null || value === undefined || value === "") return texts.none;
  if (typeof value === "boolean") return value ? texts.yes : texts.no;
  if (typeof value === "number") {
    if (PERCENT.has(column)) return formats.percent(value);
    if (RATIO.has(column)) return formats.ratio(value);
    if (ONE_DECIMAL.has(column)) return formats.score(Math.round(value * 10) / 10);
    return formats.score(value);
  }
  if (column === "attribute") return texts.attribute(value);
  if (GROUP.has(column)) return texts.group(value);
  if (column === "rule") return value.split(", ").map(texts.rule).join(", ");
  return value;
}

/**
 * Flags that explain another column (a group left out of the ratio, a group too small to judge) start behind the
 * grid's column menu, so the widest tables fit a 1280 px window; the export keeps every column.
 */
const SECONDARY = new Set(["excluded", "small"]);

/** The grid's first column visibility: the secondary flags hidden. */
export const initialVisibility = (columns: readonly LlmTableColumn[]): Record<string, boolean> =>
  Object.fromEntries(columns.filter((column) => SECONDARY.has(column.id)).map((column) => [column.id, false]));

/** A detail table's columns as the grid shows them: headings in words, numbers to the right, flags as yes/no, long texts wrapped. */
export function gridColumns(columns: readonly LlmTableColumn[], formats: ResultFormats, texts: CellTexts): GridColDef<LlmGridRow>[] {
  return columns.map((column) => ({
    field: column.id,
    headerName: texts.heading(column.id) ?? columnHeading(column.id),
    type: column.type === "number" ? "number" : "string",
    flex: column.type === "string" ? 1 : undefined,
    minWidth: column.type === "string" ? 120 : 100,
    filterable: false,
    valueFormatter: (value: LlmCell) => cellText(value, formats, texts, column.id),
  }));
}
