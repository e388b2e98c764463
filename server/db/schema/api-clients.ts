import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { companyId } from "./tenant";
import { resourceGroups, roles, users } from "./access";

/**
 * Machine callers (created by POST /access/api-clients): OAuth client credentials with one role on one
 * resource group. Only a hash of the secret is kept; the secret is shown once, at creation.
 */
export const apiClients = pgTable(
  "api_clients",
  {
    id: id(),
    companyId: companyId(),
    name: text().notNull(),
    /** The OAuth client_id (local mode: our own; Cognito mode: the app client made for it). Also its tokens' `sub`. */
    clientId: text().notNull().unique(),
    /** Local mode: a keyed hash of the secret. Cognito keeps its own secret, so this is null there. */
    secretHash: text(),
    roleId: uuid()
      .notNull()
      .references(() => roles.id),
    resourceGroupId: uuid()
      .notNull()
      .references(() => resourceGroups.id, { onDelete: "cascade" }),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
    /** Set once; from then on the client's tokens are refused on every request. */
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("api_clients_company_idx").on(t.companyId)],
);
