import type { Db } from "../client";
import { companies } from "../schema";

export const DEMO_COMPANY = { name: "Demo Co", size: "201-1000", industry: "Financial services" } as const;

export async function seedCompany(db: Db) {
  const [company] = await db.insert(companies).values(DEMO_COMPANY).returning();
  return company;
}
