import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";
import { listTotal, type ListTotal } from "./list-total";

/**
 * The one way every paged /v2 list reads its page: a sort key from the query (`name`, `-name`) mapped to
 * SQL, a stable tiebreak by id, `page`/`page_size` turned into LIMIT/OFFSET, and a `total` that is exact up
 * to a threshold and the planner's estimate past it (list-total.ts).
 */

/** An expression a list orders by: a column, or SQL over the row (`lower(name)`, a stored rank). */
export type SortExpression = SQL | AnyPgColumn;

export interface SortKey {
  /** What the key orders by; several expressions order by the first, then the next. */
  by: SortExpression | SortExpression[];
  /**
   * Where blanks go. `last`: last in both directions. `lowest`: as the smallest value (first ascending,
   * last descending). Omit it for keys that are never null: a NULLS clause would keep an index on the key
   * from serving the descending order (walked backwards, an index yields nulls first).
   */
  nulls?: "last" | "lowest";
}

export interface ListSorting<K extends string = string> {
  /** The API's sort keys (without the `-` of descending) and what each orders by. */
  keys: Record<K, SortExpression | SortKey>;
  /** The order when the query names none, e.g. `name` or `-created_at`. */
  default: K | `-${K}`;
  /** The tiebreak, so that pages never overlap or skip rows. */
  id: AnyPgColumn;
  /**
   * `follow` (the default): the id goes the key's direction, so one (key, id) index walk serves both
   * directions. `asc`: ids always ascending.
   */
  idOrder?: "follow" | "asc";
}

/** The paging part of every list query (domain/api/list.ts). */
export interface ListQuery {
  page: number;
  page_size: number;
  sort?: string;
}

/**
 * The ORDER BY of a `sort` value (`key` or `-key`; the query schema has already refused unknown keys, and
 * an unknown one here falls back to the default rather than failing).
 */
export function orderOf<K extends string>(sorting: ListSorting<K>, sort: string | undefined): SQL[] {
  const requested = sort ?? sorting.default;
  const descending = requested.startsWith("-");
  const name = requested.replace(/^-/, "");
  const key = (sorting.keys as Record<string, SortExpression | SortKey>)[name] ?? sorting.keys[sorting.default.replace(/^-/, "") as K];
  const { by, nulls } = isSortKey(key) ? key : { by: key, nulls: undefined };
  const direction = descending ? sql`desc` : sql`asc`;
  const blanks =
    nulls === "last" ? sql` nulls last` : nulls === "lowest" ? (descending ? sql` nulls last` : sql` nulls first`) : sql``;
  const terms = (Array.isArray(by) ? by : [by]).map((expression) => sql`${expression} ${direction}${blanks}`);
  const idDirection = sorting.idOrder === "asc" ? sql`asc` : direction;
  return [...terms, sql`${sorting.id} ${idDirection}`];
}

function isSortKey(key: SortExpression | SortKey): key is SortKey {
  return "by" in key;
}

/** LIMIT and OFFSET of a page. */
export function pageOf(query: ListQuery): { limit: number; offset: number } {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size };
}

export interface ListPageSpec<T extends PgSelect> {
  /** The table whose rows are counted for `total` (the rows `where` selects). */
  table: PgTable;
  where: SQL | undefined;
  query: ListQuery;
  sorting: ListSorting;
  /** The rows' select, with its joins and no WHERE yet (`db.select(…).from(…).$dynamic()`). */
  select: T;
}

/**
 * One page of a list and its total: the total first (counted on the table alone, no joins), then the page's
 * rows in the requested order.
 */
export async function listPage<T extends PgSelect>(db: Db, spec: ListPageSpec<T>): Promise<{ rows: Awaited<T> } & ListTotal> {
  const totals = await listTotal(db, spec.table, spec.where);
  const { limit, offset } = pageOf(spec.query);
  const rows = (await spec.select
    .where(spec.where)
    .orderBy(...orderOf(spec.sorting, spec.query.sort))
    .limit(limit)
    .offset(offset)) as Awaited<T>;
  return { rows, ...totals };
}

/**
 * The total of a list whose page query also counted every match (`count(*) over ()`, see windowCount):
 * the count from the page's first row; on a page past the end (no rows, so no count) the usual total.
 */
export async function countedTotal(
  counted: number | undefined,
  query: ListQuery,
  otherwise: () => Promise<ListTotal>,
): Promise<ListTotal> {
  if (counted !== undefined || query.page === 1) return { total: counted ?? 0 };
  return otherwise();
}
