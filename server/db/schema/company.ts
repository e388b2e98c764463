import { customType, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt, version } from "./columns";

export const companies = pgTable("companies", {
  id: id(),
  name: text().notNull(),
  size: text(),
  industry: text(),
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
