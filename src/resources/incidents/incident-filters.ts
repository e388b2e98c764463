import type { CrudFilter } from "@refinedev/core";

/** The list's server filters besides the search: one application, any severities and statuses, only overdue reports. */
export interface IncidentFilterValues {
  application_id: string;
  severity: string[];
  status: string[];
  overdue_report: boolean;
}

export const NO_INCIDENT_FILTERS: IncidentFilterValues = { application_id: "", severity: [], status: [], overdue_report: false };

export const narrowsIncidents = (v: IncidentFilterValues) => v.application_id !== "" || v.severity.length > 0 || v.status.length > 0 || v.overdue_report;

/** The controls' values, read back from the table's Refine filters (the one source of truth, kept in the URL). */
export function incidentFilterValuesOf(filters: readonly CrudFilter[]): IncidentFilterValues {
  const value = (field: string) => filters.find((f) => "field" in f && f.field === field)?.value as unknown;
  const list = (field: string) => {
    const v = value(field);
    return Array.isArray(v) ? v.map(String) : [];
  };
  return { application_id: String(value("application_id") ?? ""), severity: list("severity"), status: list("status"), overdue_report: String(value("overdue_report")) === "true" };
}

/**
 * The Refine filters for the controls, merged into the table's: the data provider sends `in` as repeated
 * parameters (severity=high&severity=low) and `eq` as one; an empty choice clears its filter. Off, the overdue
 * toggle sends nothing: `overdue_report=false` would mean "all but the overdue ones".
 */
export function incidentCrudFilters(values: IncidentFilterValues): CrudFilter[] {
  const many = (v: string[]) => (v.length ? v : undefined);
  return [
    { field: "application_id", operator: "eq", value: values.application_id || undefined },
    { field: "severity", operator: "in", value: many(values.severity) },
    { field: "status", operator: "in", value: many(values.status) },
    { field: "overdue_report", operator: "eq", value: values.overdue_report ? "true" : undefined },
  ];
}
