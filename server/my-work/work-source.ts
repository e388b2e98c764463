import type { FastifyRequest } from "fastify";
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { MyWorkKind } from "../../domain/entities/my-work";

/** When My Work is asked: every source measures its reminder windows from the same instant. */
export interface WorkMoment {
  now: Date;
}

/**
 * One area's part of My Work: for each of its kinds, a SELECT of what waits for the signed-in person (rows
 * shaped by `workRows`), over only what the caller can read. My Work unions, counts, orders and pages them in
 * the database; nothing is decided per row in Node.
 */
export type WorkSource = (request: FastifyRequest, moment: WorkMoment) => Partial<Record<MyWorkKind, SQL>>;

/** What a work row says; blank subject and due date for work about the application itself and undated work. */
export interface WorkRowSpec {
  kind: MyWorkKind;
  application: { id: AnyPgColumn; name: AnyPgColumn; tier: AnyPgColumn };
  subject?: { id: SQL | AnyPgColumn; name: SQL | AnyPgColumn };
  /** Text: an ISO date, or an ISO timestamp in UTC (compared as text, as `byUrgency` compares them). */
  due?: SQL;
  from: SQL;
  where: SQL | undefined;
}

/** The one row shape every part has, column for column, so that the parts can be unioned. */
export function workRows(spec: WorkRowSpec): SQL {
  const { application: a, subject, due } = spec;
  return sql`select ${spec.kind}::text as kind, ${a.id} as app_id, ${a.name} as app_name, ${a.tier}::text as app_tier,
    ${subject ? sql`${subject.id}::text` : sql`null::text`} as subject_id, ${subject ? sql`${subject.name}::text` : sql`null::text`} as subject_name,
    ${due ?? sql`null::text`} as due_date
    from ${spec.from} where ${spec.where ?? sql`true`}`;
}

/** A date column as its ISO text (`YYYY-MM-DD`), whatever the session's DateStyle. */
export const isoDate = (column: SQL | AnyPgColumn) => sql`to_char(${column}, 'YYYY-MM-DD')`;
/** A timestamptz as `Date.prototype.toISOString` writes it (UTC, milliseconds, `Z`). */
export const isoTimestamp = (column: SQL | AnyPgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
