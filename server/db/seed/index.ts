import { count } from "drizzle-orm";
import type { Db } from "../client";
import { companies } from "../schema";
import { seedCompany } from "./company";

export const DEMO_PASSWORD = "Steward-Demo-2026";

export interface SeedResult {
  seeded: boolean;
}

/** Seeds the demo data of design §9 into an empty database; never touches one that has data. */
export async function seedDemoData(db: Db): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(companies);
    if (n > 0) return { seeded: false };
    await seedCompany(tx as unknown as Db);
    return { seeded: true };
  });
}
