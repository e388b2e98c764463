import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useResourceParams, type BaseRecord, type CrudFilter, type CrudSort, type HttpError } from "@refinedev/core";
import { useDataGrid, type UseDataGridProps, type UseDataGridReturnType } from "@refinedev/mui";
import { listQueryParams } from "../../providers/list-query";
import type { ExportTarget } from "./ExportMenu";
import type { GridLocaleText } from "@mui/x-data-grid";
import { esES } from "@mui/x-data-grid/locales";

/** Time between the last keystroke and the server search. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The admin grids speak the UI's language, not only English (MUI ships the Spanish texts). */
export function useGridLocaleText(): Partial<GridLocaleText> | undefined {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === "es" ? esES.components.MuiDataGrid.defaultProps.localeText : undefined;
}

/** A date-time in the UI's language, e.g. "21 Nov 2026, 14:05". */
export function useFormatDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? "en", { dateStyle: "medium", timeStyle: "short" });
    return (iso: string) => format.format(new Date(iso));
  }, [i18n.resolvedLanguage]);
}

interface SearchableTable {
  filters: CrudFilter[];
  setFilters(filters: CrudFilter[], behavior?: "merge" | "replace"): void;
  setCurrentPage(page: number): void;
}

/**
 * The grid's search box: typed text becomes the API's `q` free-text filter (or another text filter, `field`)
 * once typing pauses, merged so other filters (e.g. include_revoked) stay; a new search starts at page 1.
 */
export function useGridSearch({ filters, setFilters, setCurrentPage }: SearchableTable, field = "q"): [string, (text: string) => void] {
  const initial = filters.find((f) => "field" in f && f.field === field)?.value;
  const [text, setText] = useState<string>(typeof initial === "string" ? initial : "");
  const [applied, setApplied] = useState(text);
  useEffect(() => {
    if (text === applied) return;
    const timer = setTimeout(() => {
      setApplied(text);
      setFilters([{ field, operator: field === "q" ? "contains" : "eq", value: text.trim() || undefined }], "merge");
      setCurrentPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, applied, setFilters, setCurrentPage, field]);
  return [text, setText];
}

/**
 * What a grid's Export menu exports: the resource's list (its API path from its definition, or `meta.path`
 * for a list under a record) with the grid's current filters, search and sort.
 */
export function useExportTarget(resource: string, table: { filters: CrudFilter[]; sorters: CrudSort[] }, meta?: { path?: string }): ExportTarget {
  const { resources } = useResourceParams();
  const path = meta?.path ?? (resources.find((r) => r.name === resource)?.meta?.path as string | undefined) ?? resource;
  const { filters, sorters } = table;
  return useMemo(() => ({ path: `/${path}`, query: listQueryParams(sorters, filters) }), [path, filters, sorters]);
}

/**
 * Refine's useDataGrid for a list page, with a pager that tells the truth: Refine keeps the last non-zero total
 * while a list is empty (it only updates the count on a truthy total), so a search that matches nothing would
 * still say "1–13 of 13". Here the count is the latest answer's total, 0 included.
 */
export function useListDataGrid<R extends BaseRecord>(props: UseDataGridProps<R, HttpError, unknown, R>): UseDataGridReturnType<R, HttpError, unknown> {
  const grid = useDataGrid<R, HttpError, unknown, R>(props);
  const total = grid.tableQuery.data?.total;
  const { dataGridProps } = grid;
  const fixed = useMemo(() => (total === undefined ? dataGridProps : { ...dataGridProps, rowCount: total }), [dataGridProps, total]);
  return { ...grid, dataGridProps: fixed };
}
