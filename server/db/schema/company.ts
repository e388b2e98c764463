import { customType, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt, version } from "./columns";
import { DEFAULT_MFA_POLICY, MFA_POLICIES } from "../../../domain/auth/mfa";

export const companies = pgTable("companies", {
  id: id(),
  name: text().notNull(),
  size: text(),
  industry: text(),
  /** Who must have a second factor (domain/auth/mfa.ts). */
  mfaPolicy: text({ enum: MFA_POLICIES }).notNull().default(DEFAULT_MFA_POLICY),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  version: version(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/** The company's logo (POST /company/logo): small (≤ 1 MB), so it lives in the database every instance shares. */
export const companyLogos = pgTable("company_logos", {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  /** Sniffed from the bytes: image/png, image/jpeg or image/webp. */
  contentType: text().notNull(),
  bytes: bytea().notNull(),
  size: integer().notNull(),
  /** SHA-256 of the bytes, hex: the URL's version and the ETag. */
  sha256: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
