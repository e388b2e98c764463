import type { DataProvider } from "@refinedev/core";
import { ifMatch } from "../components/forms/conflict/stale-version";
import { PAGE_SIZE_MAX } from "../../domain/api/list";
import { api, API_BASE } from "./api-client";
import { listQueryParams } from "./list-query";

export { filterParams, UnsupportedFilterError } from "./list-query";

/** A resource's API path: its name (`applications`) unless meta.path says otherwise (`access/users`). */
const pathOf = (resource: string, meta?: Record<string, unknown>) => `/${typeof meta?.path === "string" ? meta.path : resource}`;

/** One record's path: `/vendors/{id}`; a singleton's record (meta.singleton, the company) is at the resource's path itself. */
const recordPath = (resource: string, id: unknown, meta?: Record<string, unknown>) =>
  meta?.singleton ? pathOf(resource, meta) : `${pathOf(resource, meta)}/${String(id)}`;

/** Pages read for an unpaged list: past this many rows a picker should search instead. */
export const UNPAGED_MAX_ROWS = PAGE_SIZE_MAX * 10;

type ListPage = { items: unknown[]; total: number; total_is_estimate?: boolean; [extra: string]: unknown };

export const dataProvider: DataProvider = {
  getApiUrl: () => API_BASE,

  async getList({ resource, pagination, sorters, filters, meta }) {
    const query = listQueryParams(sorters, filters, meta?.query as Record<string, string> | undefined);
    const page = (number: number, size: number) => api<ListPage>({ path: pathOf(resource, meta), query: { ...query, page: number, page_size: size } });
    if (pagination?.mode !== "off") {
      const { items, total, total_is_estimate, ...extra } = await page(pagination?.currentPage ?? 1, pagination?.pageSize ?? 25);
      // Past its exact-count threshold the server estimates the total; the grids then say "about". What else a
      // list answers beside its page (the unread count of the notifications) goes along as it is.
      return { ...extra, data: items as never[], total, totalIsEstimate: total_is_estimate === true };
    }
    // Unpaged: every page, so a long list is never cut short without a word; one too long to load whole is an error.
    const first = await page(1, PAGE_SIZE_MAX);
    if (first.total > UNPAGED_MAX_ROWS) throw new Error(`The list of ${resource} is too long to load at once (${first.total} rows): search it instead.`);
    const rest = await Promise.all(Array.from({ length: Math.ceil(first.total / PAGE_SIZE_MAX) - 1 }, (_, i) => page(i + 2, PAGE_SIZE_MAX)));
    const items = [first, ...rest].flatMap((p) => p.items);
    return { data: items as never[], total: items.length };
  },

  async getOne({ resource, id, meta }) {
    return { data: await api({ path: recordPath(resource, id, meta) }) };
  },

  async create({ resource, variables, meta }) {
    return { data: await api({ method: "POST", path: pathOf(resource, meta), body: variables }) };
  },

  async update({ resource, id, variables, meta }) {
    const method = (meta?.method as "PUT" | "PATCH" | undefined) ?? "PATCH";
    // The version the form loaded: a record someone else saved since is refused (412), not overwritten.
    const headers = typeof meta?.version === "number" ? ifMatch(meta.version) : undefined;
    return { data: await api({ method, path: recordPath(resource, id, meta), body: variables, headers }) };
  },

  async deleteOne({ resource, id, meta }) {
    await api({ method: "DELETE", path: recordPath(resource, id, meta) });
    return { data: { id } as never };
  },

  async custom({ url, method, payload, query, headers }) {
    const verb = method.toUpperCase() as "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
    const path = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url;
    // A DELETE names what it removes in its path or query, never in a body.
    const extra = headers && Object.keys(headers).length ? { headers: headers as Record<string, string> } : {};
    const body = verb === "DELETE" ? {} : { body: payload };
    return { data: await api({ method: verb, path, ...body, ...(query ? { query: query as Record<string, string> } : {}), ...extra }) };
  },
};
