import { newApplicationValues } from "../../server/applications/store";
import type { Db } from "../../server/db/client";
import { applications } from "../../server/db/schema";

/** An application inserted straight into the database (not assessed), for tests that need one to exist. */
export async function insertApplication(db: Db, companyId: string, name: string, id?: string): Promise<string> {
  const [row] = await db
    .insert(applications)
    .values({ ...newApplicationValues({ companyId, name }), ...(id && { id }) })
    .returning({ id: applications.id });
  return row.id;
}
