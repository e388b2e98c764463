import type { CrudFilter, CrudSort } from "@refinedev/core";

/** A list's query as the list API takes it: its sort, filters and search (an export sends the same). */
export function listQueryParams(sorters: CrudSort[] | undefined, filters: CrudFilter[] | undefined, extra?: Record<string, string>): Record<string, string | string[] | undefined> {
  return { sort: sortParam(sorters), ...filterParams(filters), ...extra };
}

function sortParam(sorters: CrudSort[] | undefined): string | undefined {
  const first = sorters?.[0];
  if (!first) return undefined;
  return first.order === "desc" ? `-${first.field}` : first.field;
}

/** A filter the list API cannot answer: refused here rather than quietly answered as something else. */
export class UnsupportedFilterError extends Error {
  constructor(what: string) {
    super(`The API cannot filter by ${what}.`);
    this.name = "UnsupportedFilterError";
  }
}

/**
 * The list API's filters: free text is `q` (a `contains` filter on the field `q`), a field is matched by
 * equality (`eq`, one value) or membership (`in`, repeated parameters, ANDed across fields). Any other
 * operator, field or combination would be answered wrongly, so it throws.
 */
export function filterParams(filters: CrudFilter[] | undefined): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const filter of filters ?? []) {
    if (!("field" in filter)) throw new UnsupportedFilterError(`"${filter.operator}" combinations`);
    const { field, operator, value } = filter;
    if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) continue;
    if ((field === "q") !== (operator === "contains")) throw new UnsupportedFilterError(`"${operator}" on ${field} (free text is "contains" on q)`);
    if (operator === "contains" || operator === "eq") {
      if (Array.isArray(value)) throw new UnsupportedFilterError(`several values with "${operator}" on ${field}`);
      params[field] = String(value);
    } else if (operator === "in") params[field] = (Array.isArray(value) ? value : [value]).map(String);
    else throw new UnsupportedFilterError(`"${operator}" on ${field}`);
  }
  return params;
}

