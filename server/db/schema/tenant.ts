import { uuid } from "drizzle-orm/pg-core";
import { companies } from "./company";

/** The company a row belongs to (every tenant row belongs to exactly one); the row goes with the company. */
export const companyId = () =>
  uuid()
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
