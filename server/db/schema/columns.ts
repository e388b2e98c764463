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
