import { sql } from "drizzle-orm";
import { integer, timestamp, uuid } from "drizzle-orm/pg-core";

/** Columns every table carries: a server-made UUID and the two timestamps. */
export const id = () => uuid().primaryKey().defaultRandom();
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * The edit counter of an editable record: every update adds one, and a write that names an older
 * version (If-Match) is refused, so two people editing one record never silently overwrite each other.
 */
export const version = () => integer().notNull().default(1);

/** The values of an enum as an SQL list, for a CHECK constraint (`status in (…)`). */
export const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * A status's place in its order (unknown or null: after every value), stored as a generated column so that
 * lists sort by it from an index instead of computing a CASE for every row.
 */
export const rankOf = (column: string, values: readonly string[]) =>
  sql.raw(`case "${column}" ${values.map((v, i) => `when '${v}' then ${i}`).join(" ")} else ${values.length} end`);
