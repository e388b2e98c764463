import type { CrudFilter } from "@refinedev/core";

/** The list's filter fields: each is a server list filter taking several values (repeated parameters). */
export const FILTER_FIELDS = ["risk_tier", "approval_status", "development_status"] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
export type FilterValues = Record<FilterField, string[]>;
export const NO_FILTERS: FilterValues = { risk_tier: [], approval_status: [], development_status: [] };

export const hasFilters = (values: FilterValues) => FILTER_FIELDS.some((f) => values[f].length > 0);

/** The filter controls' values, read back from the table's Refine filters (the one source of truth). */
export function filterValuesOf(filters: readonly CrudFilter[]): FilterValues {
  const valueOf = (field: string) => {
    const found = filters.find((f) => "field" in f && f.field === field && f.operator === "in");
    return Array.isArray(found?.value) ? (found.value as string[]) : [];
  };
  return Object.fromEntries(FILTER_FIELDS.map((f) => [f, valueOf(f)])) as FilterValues;
}

/**
 * Refine "in" filters for the controls' values, to merge into the table's filters; an empty
 * choice clears its filter. The data provider sends each as repeated params (risk_tier=high&risk_tier=low).
 */
export function crudFiltersOf(values: FilterValues): CrudFilter[] {
  return FILTER_FIELDS.map((field) => ({ field, operator: "in", value: values[field].length ? values[field] : undefined }));
}
