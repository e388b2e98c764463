import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { IMPORT_ENTITIES, IMPORT_MODES, type ImportMapping, type ImportRow } from "../../../domain/entities/import";
import { createdAt, id, updatedAt } from "./columns";
import { users } from "./access";
import { companyId } from "./tenant";

/**
 * A spreadsheet being imported: its cells as read, the mapping of its columns, and after the commit what each
 * row became. Kept after the commit: the audit entries of the records it made name it.
 */
export const imports = pgTable(
  "imports",
  {
    id: id(),
    companyId: companyId(),
    /** Who uploaded it (a user or an API client); only they see it. No foreign key: the record outlives them. */
    actorId: uuid().notNull(),
    entity: text({ enum: IMPORT_ENTITIES }).notNull(),
    fileName: text().notNull(),
    header: jsonb().$type<string[]>().notNull(),
    cells: jsonb().$type<string[][]>().notNull(),
    mapping: jsonb().$type<ImportMapping>().notNull(),
    status: text({ enum: ["preview", "committed"] }).notNull().default("preview"),
    mode: text({ enum: IMPORT_MODES }),
    /** After the commit: the rows as checked then, with their outcomes. */
    outcome: jsonb().$type<ImportRow[]>(),
    createdAt: createdAt(),
    committedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("imports_company_actor_idx").on(t.companyId, t.actorId, t.createdAt)],
);

/** Each user's last mapping per kind of import, offered again on their next file. */
export const importMappings = pgTable(
  "import_mappings",
  {
    companyId: companyId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    entity: text({ enum: IMPORT_ENTITIES }).notNull(),
    mapping: jsonb().$type<ImportMapping>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.entity] })],
);
