import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

export const companies = pgTable("companies", {
  id: id(),
  name: text().notNull(),
  size: text(),
  industry: text(),
  logoKey: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
