import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ROLE_NAMES } from "../../../domain/access/current-user";
import { IDENTITY_PROVIDER_TYPES, JIT_MODES, SSO_DOMAIN_CHECK_FAILURES, SSO_DOMAIN_STATUSES, type ProviderTest } from "../../../domain/entities/identity-provider";
import { createdAt, id, updatedAt, version } from "./columns";
import { companyId } from "./tenant";
import { resourceGroups, users } from "./access";

/** A company's corporate identity provider (OIDC; SAML through Cognito). */
export const companyIdentityProviders = pgTable(
  "company_identity_providers",
  {
    id: id(),
    companyId: companyId(),
    /** The provider's name in hosted sign-in (`identity_provider=`): unique per company, as Cognito's are per pool. */
    name: text().notNull(),
    type: text({ enum: IDENTITY_PROVIDER_TYPES }).notNull(),
    issuerUrl: text(),
    clientId: text(),
    /** Sealed with the identity secret cipher (owner: the company and provider id); never answered. */
    clientSecret: text(),
    metadataUrl: text(),
    jitMode: text({ enum: JIT_MODES }).notNull(),
    defaultRole: text({ enum: ROLE_NAMES }),
    defaultResourceGroupId: uuid().references(() => resourceGroups.id, { onDelete: "set null" }),
    enabled: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    unique("company_identity_providers_company_name_key").on(t.companyId, t.name),
    check("company_identity_providers_type_check", sql`${t.type} in ('oidc', 'saml')`),
    check("company_identity_providers_jit_mode_check", sql`${t.jitMode} in ('create', 'existing_only')`),
  ],
);

/**
 * E-mail domains and the provider that signs them in. A company claims a domain pending, with a random token;
 * it routes anyone only once verified by a DNS TXT record carrying that token. Several companies may hold the
 * same domain pending, but only one verified (the partial unique index).
 */
export const companySsoDomains = pgTable(
  "company_sso_domains",
  {
    domain: text().notNull(),
    companyId: companyId(),
    providerId: uuid()
      .notNull()
      .references(() => companyIdentityProviders.id, { onDelete: "cascade" }),
    status: text({ enum: SSO_DOMAIN_STATUSES }).notNull().default("pending"),
    /** Published by the company as `steward-verification=<token>`; random, so no one can guess another's record. */
    token: text()
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    verifiedAt: timestamp({ withTimezone: true }),
    checkedAt: timestamp({ withTimezone: true }),
    checkFailure: text({ enum: SSO_DOMAIN_CHECK_FAILURES }),
  },
  (t) => [
    primaryKey({ name: "company_sso_domains_pkey", columns: [t.companyId, t.domain] }),
    index("company_sso_domains_provider_idx").on(t.providerId),
    uniqueIndex("company_sso_domains_verified_key").on(t.domain).where(sql`${t.status} = 'verified'`),
    check("company_sso_domains_status_check", sql`${t.status} in ('pending', 'verified')`),
  ],
);

/**
 * An Administrator's "Test connection" of a provider not yet saved: the settings tried (secret sealed),
 * the steps' results so far and the claims of the round trip. Lapses after 10 minutes.
 */
export const identityProviderTests = pgTable("identity_provider_tests", {
  id: id(),
  companyId: companyId(),
  createdById: uuid().references(() => users.id, { onDelete: "cascade" }),
  /** issuer_url, client_id and the sealed client_secret under test. */
  settings: jsonb().$type<{ issuer_url: string; client_id: string; client_secret: string }>().notNull(),
  status: text({ enum: ["pending", "passed", "failed"] }).notNull(),
  steps: jsonb().$type<ProviderTest["steps"]>().notNull(),
  claims: jsonb().$type<Record<string, unknown>>(),
  createdAt: createdAt(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});
