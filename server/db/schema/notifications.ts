import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { companyId } from "./tenant";
import { users } from "./access";

/**
 * A notification for one user. The text is rendered when read, in the reader's language of the moment, from
 * `kind` and `params`; `subject` lets the reader's access be checked again at read time.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    companyId: companyId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    params: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** An in-app path ("/applications/detail/…") or an absolute URL. */
    link: text().notNull(),
    subjectType: text().notNull(),
    subjectId: uuid().notNull(),
    /** The monitoring sweep's key (kind, subject, due date, recipient): several servers never send one twice. */
    dedupeKey: text(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_created_idx").on(t.userId, t.createdAt), uniqueIndex("notifications_dedupe_key").on(t.dedupeKey)],
);
