import { count } from "drizzle-orm";
import type { Db } from "../client";
import type { Config } from "../../config";
import { cognitoAdmin } from "../../identity/admin-cognito";
import { companies } from "../schema";
import { seedCompany } from "./company";
import { seedAccess, type DemoUserPool } from "./access";
import { DEMO_PASSWORD } from "./accounts";
import { seedApplications } from "./applications";
import { seedVendors } from "./vendors";
import { seedFrameworks } from "./frameworks";
import { seedIncidents } from "./incidents";

export { DEMO_PASSWORD } from "./accounts";

export interface SeedResult {
  seeded: boolean;
}

export interface SeedOptions {
  /** Cognito mode: the pool the demo users are made in, with DEMO_PASSWORD; without it they sign in with the local store. */
  cognitoPool?: DemoUserPool;
  /** The demo applications (default on); API tests leave them out to build their own. */
  applications?: boolean;
}

/** How the configuration seeds: in Cognito mode the demo users are made in the configured pool. */
export function demoSeedOptions(config: Config): SeedOptions {
  return config.identityMode === "cognito" ? { cognitoPool: cognitoAdmin(config) } : {};
}

/** Seeds the demo data (Demo Co, its users, applications, vendors, frameworks, incidents and documents) into an empty database; never touches one that has data. */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(companies);
    if (n > 0) return { seeded: false };
    const company = await seedCompany(tx as unknown as Db);
    await seedAccess(tx as unknown as Db, company.id, { password: DEMO_PASSWORD, cognitoPool: options.cognitoPool });
    if (options.applications !== false) await seedApplications(tx as unknown as Db, company.id);
    if (options.applications !== false) await seedVendors(tx as unknown as Db, company.id);
    if (options.applications !== false) await seedFrameworks(tx as unknown as Db, company.id);
    if (options.applications !== false) await seedIncidents(tx as unknown as Db, company.id);
    return { seeded: true };
  });
}
