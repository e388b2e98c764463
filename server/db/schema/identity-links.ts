import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { IDENTITY_LINK_STATUSES } from "../../../domain/entities/identity-link";
import { createdAt, id } from "./columns";
import { companyId } from "./tenant";
import { users } from "./access";
import { companyIdentityProviders } from "./identity-providers";

/**
 * An Administrator's link of a password user to one of the company's identity providers. Pending until the
 * person, signed in with their own password (and second factor), signs in at the provider once: then the
 * provider's subject is bound here and later corporate sign-ins find the account by it, never by e-mail.
 */
export const identityLinks = pgTable(
  "identity_links",
  {
    id: id(),
    companyId: companyId(),
    /** One link per user: linking again replaces it. */
    userId: uuid()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    providerId: uuid()
      .notNull()
      .references(() => companyIdentityProviders.id, { onDelete: "cascade" }),
    /** The provider's `sub` for the person; null until confirmed. */
    subject: text(),
    status: text({ enum: IDENTITY_LINK_STATUSES }).notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    confirmedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique("identity_links_provider_subject_key").on(t.providerId, t.subject),
    index("identity_links_company_id_idx").on(t.companyId),
    check("identity_links_status_check", sql`${t.status} in ('pending', 'linked')`),
  ],
);
