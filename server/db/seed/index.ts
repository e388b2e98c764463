import { count } from "drizzle-orm";
import type { Db } from "../client";
import { companies } from "../schema";
import { seedCompany } from "./company";
import { seedAccess } from "./access";
import { seedApplications } from "./applications";
import { seedVendors } from "./vendors";
import { seedFrameworks } from "./frameworks";
import { seedIncidents } from "./incidents";

export const DEMO_PASSWORD = "Steward-Demo-2026";

export interface SeedResult {
  seeded: boolean;
}

export interface SeedOptions {
  /** Local (default): the demo users get identity users with DEMO_PASSWORD. Cognito: no users are seeded. */
  identityMode?: "local" | "cognito";
  /** The demo applications (default on); API tests leave them out to build their own. */
  applications?: boolean;
}

/** Seeds the demo data (Demo Co, its users, applications, vendors, frameworks, incidents and documents) into an empty database; never touches one that has data. */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(companies);
    if (n > 0) return { seeded: false };
    const company = await seedCompany(tx as unknown as Db);
    await seedAccess(tx as unknown as Db, company.id, { password: DEMO_PASSWORD, identityMode: options.identityMode ?? "local" });
    if (options.applications !== false) await seedApplications(tx as unknown as Db, company.id);
    if (options.applications !== false) await seedVendors(tx as unknown as Db, company.id);
    if (options.applications !== false) await seedFrameworks(tx as unknown as Db, company.id);
    if (options.applications !== false) await seedIncidents(tx as unknown as Db, company.id);
    return { seeded: true };
  });
}
