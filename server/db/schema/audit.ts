import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { companyId } from "./tenant";

/**
 * Every write that changes governance state appends who, when, what, before and after.
 * Append-only; the actor's name is copied so the entry still reads right after the user is deleted.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    companyId: companyId(),
    /** A user's or API client's id; no foreign key, so deleting the actor keeps the history. */
    actorId: uuid(),
    actorType: text({ enum: ["user", "api_client", "system"] }).notNull(),
    actorName: text().notNull(),
    /** What was changed: `user`, `application`, `control`, … and its id. */
    entityType: text().notNull(),
    entityId: uuid().notNull(),
    /** The change, e.g. `role.granted`, `approval.moved`. */
    action: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_entity_idx").on(t.companyId, t.entityType, t.entityId, t.createdAt)],
);
