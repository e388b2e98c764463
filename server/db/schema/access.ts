import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt, version } from "./columns";
import { companyId } from "./tenant";
import { GROUP_TYPES, LANGUAGE_CODES } from "../../../domain/access/current-user";

/** The API's side of a user: profile and company. Credentials live in the identity store, joined by `sub`. */
export const users = pgTable(
  "users",
  {
    id: id(),
    companyId: companyId(),
    /** The identity user's subject (local store or Cognito); text because API clients' subjects are not UUIDs. */
    sub: text().notNull().unique(),
    /** Stored lower-case; the index makes uniqueness case-insensitive even if a writer forgets. */
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    language: text({ enum: LANGUAGE_CODES }).notNull().default("en"),
    /** The user asked not to be counted by product analytics. */
    analyticsOptOut: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    index("users_company_id_idx").on(t.companyId),
    check("users_language_check", sql`${t.language} in ('en', 'es')`),
  ],
);

/** The four roles (ROLE_NAMES in domain/access); global, inserted by the migration. */
export const roles = pgTable("roles", {
  id: id(),
  name: text().notNull().unique(),
});

export const resourceGroups = pgTable(
  "resource_groups",
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    groupType: text({ enum: GROUP_TYPES }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    unique("resource_groups_company_name_key").on(t.companyId, t.name),
    check("resource_groups_group_type_check", sql`${t.groupType} in ('ALL', 'SELECTED')`),
  ],
);

export const roleAssignments = pgTable(
  "role_assignments",
  {
    id: id(),
    companyId: companyId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    roleId: uuid()
      .notNull()
      .references(() => roles.id),
    resourceGroupId: uuid()
      .notNull()
      .references(() => resourceGroups.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("role_assignments_user_role_group_key").on(t.userId, t.roleId, t.resourceGroupId),
    index("role_assignments_company_idx").on(t.companyId),
    index("role_assignments_group_idx").on(t.resourceGroupId),
  ],
);
