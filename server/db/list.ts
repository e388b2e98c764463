import { and, inArray, or, sql, type SQL } from "drizzle-orm";
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

/** A list query without its paging: what an export of the whole list takes. */
export type ListFilters<Q> = Omit<Q, "page" | "page_size">;

/** The paging part of every list query (domain/api/list.ts). */
export interface ListQuery {
  page: number;
  page_size: number;
  sort?: string;
}

/** One expression of an ORDER BY, with its direction and where its blanks go (`nulls` absent: no NULLS clause). */
interface OrderTerm {
  expression: SortExpression;
  descending: boolean;
  nulls?: "first" | "last";
}

/**
 * The terms of a `sort` value (`key` or `-key`; the query schema has already refused unknown keys, and an
 * unknown one here falls back to the default rather than failing), the id's tiebreak last.
 */
function orderTerms<K extends string>(sorting: ListSorting<K>, sort: string | undefined): OrderTerm[] {
  const requested = sort ?? sorting.default;
  const descending = requested.startsWith("-");
  const name = requested.replace(/^-/, "");
  const key = (sorting.keys as Record<string, SortExpression | SortKey>)[name] ?? sorting.keys[sorting.default.replace(/^-/, "") as K];
  const { by, nulls } = isSortKey(key) ? key : { by: key, nulls: undefined };
  const blanks = nulls === "last" ? "last" : nulls === "lowest" ? (descending ? "last" : "first") : undefined;
  const terms: OrderTerm[] = (Array.isArray(by) ? by : [by]).map((expression) => ({ expression, descending, nulls: blanks }));
  return [...terms, { expression: sorting.id, descending: sorting.idOrder === "asc" ? false : descending }];
}

/** The ORDER BY of a `sort` value. */
export function orderOf<K extends string>(sorting: ListSorting<K>, sort: string | undefined): SQL[] {
  return orderTerms(sorting, sort).map(
    ({ expression, descending, nulls }) => sql`${expression} ${descending ? sql`desc` : sql`asc`}${nulls ? sql.raw(` nulls ${nulls}`) : sql``}`,
  );
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
  /** The ids' select (`sorting.id` alone, with the joins the sort keys need, no WHERE yet): given, deep pages skip over ids (see listPage). */
  ids?: PgSelect;
}

/**
 * From this offset on, a page with an `ids` select finds its ids first. Skipping rows costs per row skipped:
 * over an index alone (the list's order index holding every column the order and the filter name) that is
 * a few index entries per row instead of a heap row each, so page 2,000 costs about what page 20 did.
 */
export const DEEP_OFFSET = 500;

/**
 * One page of a list and its total: the total first (counted on the table alone, no joins), then the page's
 * rows in the requested order. Deep in a list with an `ids` select, one statement still: the page's ids in a
 * subquery that skips over index entries, then only their rows read by primary key.
 */
export async function listPage<T extends PgSelect>(db: Db, spec: ListPageSpec<T>): Promise<{ rows: Awaited<T> } & ListTotal> {
  const totals = await listTotal(db, spec.table, spec.where);
  const { limit, offset } = pageOf(spec.query);
  const order = orderOf(spec.sorting, spec.query.sort);
  if (spec.ids && offset >= DEEP_OFFSET) {
    const pageIds = spec.ids.where(spec.where).orderBy(...order).limit(limit).offset(offset);
    const rows = (await spec.select.where(inArray(spec.sorting.id, pageIds)).orderBy(...order)) as Awaited<T>;
    return { rows, ...totals };
  }
  const rows = (await spec.select.where(spec.where).orderBy(...order).limit(limit).offset(offset)) as Awaited<T>;
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

/**
 * A list read whole, batch after batch (an export): its filter, its order, its select, and how its rows
 * become the API's items.
 */
export interface ListSource<Row, Item> {
  where: SQL | undefined;
  sorting: ListSorting;
  /** The table whose rows are counted for a page's `total`. */
  table: PgTable;
  /** The rows' select (as listPage's), with `extra` fields beside the row's own, its joins and no WHERE yet. */
  select(extra?: SortValues): PgSelect;
  /** The API's items of a batch of rows (some lists read more per batch, a user's roles). */
  toItems(rows: Row[]): Item[] | Promise<Item[]>;
  /** The ids' select for a `sort` (see ListPageSpec.ids): lists whose deep pages should skip over an index give it. */
  ids?(sort: string | undefined): PgSelect;
}

/** The field a batched read adds to a list's select: the row's sort values, as text. */
export type SortValues = { sort_values: SQL<(string | null)[]> };

/**
 * Rows a batch reads. Small enough that a batch is garbage before the young generation is next collected:
 * with 1,000 rows, each batch outlived a collection or two and a long export grew the heap by a few hundred MB
 * of garbage before a full collection; with 250 the heap stays flat. Each batch is one index walk, so the
 * extra round trips cost little.
 */
export const BATCH_ROWS = 250;

/**
 * Every item of a list in its order, `size` rows at a time, each batch a short query of its own: the next
 * starts after the last row read (keyset paging on the sort values and the id), so a long export never holds
 * a transaction, a connection or the whole list, and never rereads the rows before it as OFFSET would.
 */
export async function* listBatches<Row, Item>(source: ListSource<Row, Item>, sort: string | undefined, size = BATCH_ROWS): AsyncGenerator<Item[]> {
  const terms = orderTerms(source.sorting, sort);
  const sortValues = sql<(string | null)[]>`array[${sql.join(
    terms.map((t) => sql`(${t.expression})::text`),
    sql`, `,
  )}]`;
  const order = orderOf(source.sorting, sort);
  let after: SQL | undefined;
  while (true) {
    const rows = (await source
      .select({ sort_values: sortValues })
      .where(and(source.where, after))
      .orderBy(...order)
      .limit(size)) as Array<Row & { sort_values: (string | null)[] }>;
    if (rows.length > 0) yield await source.toItems(rows);
    if (rows.length < size) return;
    after = afterRow(terms, rows[rows.length - 1].sort_values);
  }
}

/**
 * The rows that come after one whose sort values are `values`, in the order of `terms`. Values come back as
 * text and are compared as the expression's own type (PostgreSQL types a parameter by what it is compared with).
 * When every term goes one way and none can be blank, a row comparison, which an index on the terms can seek;
 * otherwise, term by term: equal on the ones before, after on this one, blanks placed as the ORDER BY places them.
 */
function afterRow(terms: OrderTerm[], values: (string | null)[]): SQL {
  const uniform = terms.every((t) => t.descending === terms[0].descending && t.nulls === undefined) && values.every((v) => v !== null);
  if (uniform) {
    const left = sql.join(
      terms.map((t) => sql`${t.expression}`),
      sql`, `,
    );
    const right = sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
    return terms[0].descending ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
  }
  const alternatives: SQL[] = [];
  terms.forEach((term, i) => {
    const equalBefore = terms.slice(0, i).map((t, j) => (values[j] === null ? sql`${t.expression} is null` : sql`${t.expression} = ${values[j]}`));
    const beyond = pastValue(term, values[i]);
    if (beyond) alternatives.push(and(...equalBefore, beyond)!);
  });
  return alternatives.length ? or(...alternatives)! : sql`false`;
}

/** Rows strictly past `value` on one term; undefined when none can be (a blank placed last). */
function pastValue({ expression, descending, nulls }: OrderTerm, value: string | null): SQL | undefined {
  // Without a NULLS clause PostgreSQL puts blanks last ascending and first descending.
  const blanksLast = nulls ? nulls === "last" : !descending;
  if (value === null) return blanksLast ? undefined : sql`${expression} is not null`;
  const beyond = descending ? sql`${expression} < ${value}` : sql`${expression} > ${value}`;
  return blanksLast ? sql`(${beyond} or ${expression} is null)` : beyond;
}

/** One page of a list's items, with its total. */
export async function listItems<Row, Item>(db: Db, source: ListSource<Row, Item>, query: ListQuery): Promise<{ items: Item[] } & ListTotal> {
  const { rows, ...totals } = await listPage(db, {
    table: source.table,
    where: source.where,
    query,
    sorting: source.sorting,
    select: source.select(),
    ids: source.ids?.(query.sort),
  });
  return { items: await source.toItems(rows as Row[]), ...totals };
}
