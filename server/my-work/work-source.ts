import type { FastifyRequest } from "fastify";
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { MyWorkKind } from "../../domain/entities/my-work";

/** When My Work is asked: every source measures its reminder windows from the same instant. */
export interface WorkMoment {
  now: Date;
}

/** One kind of work as SQL: every row of it, only its first `n` in My Work's order, or how many and the first due date. */
export interface WorkPart {
  rows: SQL;
  first(n: number): SQL;
  /** One row: kind, count, first_due_date. */
  count: SQL;
}

/**
 * One area's part of My Work: for each of its kinds, a SELECT of what waits for the signed-in person (rows
 * shaped by `workRows`), over only what the caller can read. My Work unions, counts, orders and pages them in
 * the database; nothing is decided per row in Node.
 */
export type WorkSource = (request: FastifyRequest, moment: WorkMoment) => Partial<Record<MyWorkKind, WorkPart>>;

/**
 * When work falls due: the text My Work answers and orders by (as `byUrgency` compares it), and a value in the
 * same order that an index can walk (the column itself; the text when there is none).
 */
export interface Due {
  text: SQL;
  order: SQL | AnyPgColumn;
}

/** What a work row says; blank subject and due date for work about the application itself and undated work. */
export interface WorkRowSpec {
  kind: MyWorkKind;
  application: { id: AnyPgColumn; name: AnyPgColumn; tier: AnyPgColumn };
  subject?: { id: SQL | AnyPgColumn; name: SQL | AnyPgColumn };
  due?: Due;
  from: SQL;
  where: SQL | undefined;
  /**
   * The same work over its own table alone, when the caller's reach can be checked on that table's columns:
   * what counting reads, so a count needs no row of the applications.
   */
  counted?: { from: SQL; where: SQL | undefined };
}

/** The kinds' order, which ranks undated work and dated work of the same day. */
export const kindOrder = (kinds: readonly string[]) => sql.raw(`array[${kinds.map((k) => `'${k}'`).join(",")}]::text[]`);

/**
 * The one row shape every part has, column for column, so that the parts can be unioned. Within a part the kind
 * is one, so My Work's order is the due value's, then the application's name and id, then the subject: a part's
 * first rows come from an index on its due column instead of a sort of all of them.
 */
export function workRows(spec: WorkRowSpec): WorkPart {
  const { application: a, subject, due } = spec;
  const subjectId = subject ? sql`${subject.id}::text` : sql`null::text`;
  const rows = sql`select ${spec.kind}::text as kind, ${a.id} as app_id, ${a.name} as app_name, ${a.tier}::text as app_tier,
    ${subjectId} as subject_id, ${subject ? sql`${subject.name}::text` : sql`null::text`} as subject_name,
    ${due?.text ?? sql`null::text`} as due_date
    from ${spec.from} where ${spec.where ?? sql`true`}`;
  const order = sql`${due ? sql`${due.order} asc nulls last, ` : sql``}lower(${a.name}) collate "C", ${a.name} collate "C", ${a.id}, ${subjectId} collate "C"`;
  const counted = spec.counted ?? spec;
  const count = sql`select ${spec.kind}::text as kind, count(*)::int as count, min(${due?.text ?? sql`null::text`} collate "C") as first_due_date
    from ${counted.from} where ${counted.where ?? sql`true`}`;
  return { rows, first: (n) => sql`${rows} order by ${order} limit ${n}`, count };
}

/** A date column as its ISO text (`YYYY-MM-DD`), whatever the session's DateStyle. */
export const isoDate = (column: AnyPgColumn): Due => ({ text: sql`to_char(${column}, 'YYYY-MM-DD')`, order: column });
/** A timestamptz as `Date.prototype.toISOString` writes it (UTC, milliseconds, `Z`). */
export const isoTimestamp = (column: AnyPgColumn): Due => ({ text: sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`, order: column });
