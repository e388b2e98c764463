import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt, version } from "./columns";
import { companyId } from "./tenant";

/**
 * A company's feature flags (domain/flags): the product's own flags once an Administrator has set them,
 * and flags of the company's own. Served over the OpenFeature Remote Evaluation Protocol.
 */
export const featureFlags = pgTable(
  "feature_flags",
  {
    id: id(),
    companyId: companyId(),
    key: text().notNull(),
    description: text().notNull().default(""),
    enabled: boolean().notNull().default(false),
    /** Role names the flag is on for; empty means every role. */
    roles: text().array().notNull().default(sql`'{}'::text[]`),
    /** The share of users (0–100, stable per user) the flag is on for; null means every user. */
    percentage: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("feature_flags_company_key_key").on(t.companyId, t.key),
    check("feature_flags_percentage_check", sql`${t.percentage} is null or (${t.percentage} between 0 and 100)`),
  ],
);
