import type { CrudFilter, CrudSort, DataProvider } from "@refinedev/core";
import { ifMatch } from "../components/forms/conflict/stale-version";
import { api, API_BASE } from "./api-client";

/** A resource's API path: its name (`applications`) unless meta.path says otherwise (`access/users`). */
const pathOf = (resource: string, meta?: Record<string, unknown>) => `/${typeof meta?.path === "string" ? meta.path : resource}`;

function sortParam(sorters: CrudSort[] | undefined): string | undefined {
  const first = sorters?.[0];
  if (!first) return undefined;
  return first.order === "desc" ? `-${first.field}` : first.field;
}

/** The API's list filters: `q` for free text, repeated params for "in", plain ones for "eq". */
function filterParams(filters: CrudFilter[] | undefined): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const filter of filters ?? []) {
    if (!("field" in filter) || filter.value === undefined || filter.value === null || filter.value === "") continue;
    if (filter.field === "q" || filter.operator === "contains") params.q = String(filter.value);
    else if (Array.isArray(filter.value)) {
      if (filter.value.length) params[filter.field] = filter.value.map(String);
    } else params[filter.field] = String(filter.value);
  }
  return params;
}

export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE,

  async getList({ resource, pagination, sorters, filters, meta }) {
    const paged = pagination?.mode !== "off";
    const result = await api<{ items: unknown[]; total: number; total_is_estimate?: boolean }>({
      path: pathOf(resource, meta),
      query: {
        ...(paged ? { page: pagination?.currentPage ?? 1, page_size: pagination?.pageSize ?? 25 } : { page_size: 200 }),
        sort: sortParam(sorters),
        ...filterParams(filters),
        ...(meta?.query as Record<string, string> | undefined),
      },
    });
    // Past its exact-count threshold the server estimates the total; the grids then say "about".
    return { data: result.items as never[], total: result.total, totalIsEstimate: result.total_is_estimate === true };
  },

  async getOne({ resource, id, meta }) {
    return { data: await api({ path: `${pathOf(resource, meta)}/${id}` }) };
  },

  async create({ resource, variables, meta }) {
    return { data: await api({ method: "POST", path: pathOf(resource, meta), body: variables }) };
  },

  async update({ resource, id, variables, meta }) {
    const method = (meta?.method as "PUT" | "PATCH" | undefined) ?? "PATCH";
    // The version the form loaded: a record someone else saved since is refused (412), not overwritten.
    const headers = typeof meta?.version === "number" ? ifMatch(meta.version) : undefined;
    return { data: await api({ method, path: `${pathOf(resource, meta)}/${id}`, body: variables, headers }) };
  },

  async deleteOne({ resource, id, meta }) {
    await api({ method: "DELETE", path: `${pathOf(resource, meta)}/${id}` });
    return { data: { id } as never };
  },

  async custom({ url, method, payload, query, headers }) {
    const verb = method.toUpperCase() as "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
    const path = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url;
    return { data: await api({ method: verb, path, body: payload, query: query as Record<string, string>, headers: headers as Record<string, string> | undefined }) };
  },
};
