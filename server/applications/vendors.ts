import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { VendorRef } from "../../domain/entities/vendor";
import type { ApplicationDetails, ClassificationContext } from "../../domain/risk";
import type { Db } from "../db/client";
import { applications, applicationVendors, vendors } from "../db/schema";
import { HttpProblem } from "../plugins/problem";

/** A database handle or an open transaction: both read and write the same way. */
export type DbOrTx = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Every vendor an application uses: those it lists and its foundation-model vendor. */
export function usedVendorIds(listed: readonly string[], details: Pick<ApplicationDetails, "foundation_model_vendor_id">): string[] {
  const fm = details.foundation_model_vendor_id;
  return [...new Set(fm ? [...listed, fm] : listed)];
}

/** The vendor facts classify() needs: how many vendors are used, and which of them are rated high. */
export async function vendorContext(db: DbOrTx, companyId: string, used: readonly string[]): Promise<ClassificationContext> {
  if (used.length === 0) return contextOf(used, new Set());
  const high = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.companyId, companyId), inArray(vendors.id, [...used]), eq(vendors.riskLevel, "high")));
  return contextOf(used, new Set(high.map((v) => v.id)));
}

/** The classification context of the vendors used, knowing which vendors are rated high. */
export function contextOf(used: readonly string[], highRisk: ReadonlySet<string>): ClassificationContext {
  return { vendorCount: used.length, highRiskVendorIds: used.filter((id) => highRisk.has(id)).sort() };
}

/** The vendors an application lists, in name order. */
export async function listedVendors(db: DbOrTx, applicationId: string): Promise<VendorRef[]> {
  return db
    .select({ id: vendors.id, name: vendors.name, risk_level: vendors.riskLevel })
    .from(applicationVendors)
    .innerJoin(vendors, eq(vendors.id, applicationVendors.vendorId))
    .where(eq(applicationVendors.applicationId, applicationId))
    .orderBy(sql`lower(${vendors.name})`);
}

export async function listedVendorIds(db: DbOrTx, applicationId: string): Promise<string[]> {
  const rows = await db.select({ id: applicationVendors.vendorId }).from(applicationVendors).where(eq(applicationVendors.applicationId, applicationId));
  return rows.map((r) => r.id);
}

/** Refuses vendor ids that are not the company's vendors, naming the field (404: another company's ids do not exist for the caller). */
export async function assertCompanyVendors(db: DbOrTx, companyId: string, ids: readonly (string | null | undefined)[], path: string): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return;
  const found = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.companyId, companyId), inArray(vendors.id, wanted)));
  if (found.length !== wanted.length) throw new HttpProblem(404, "Vendor not found.", [{ path, message: "vendors.validation.unknownVendor" }]);
}

/** Replaces the vendors an application lists. */
export async function replaceListedVendors(tx: DbOrTx, companyId: string, applicationId: string, ids: readonly string[]): Promise<void> {
  await tx.delete(applicationVendors).where(eq(applicationVendors.applicationId, applicationId));
  if (ids.length) await tx.insert(applicationVendors).values(ids.map((vendorId) => ({ companyId, applicationId, vendorId })));
}

/** The company's applications that use a vendor, listed or as their foundation-model vendor, as a WHERE clause. */
export function usesVendor(vendorId: string) {
  return or(
    inArray(applications.id, sql`(select ${applicationVendors.applicationId} from ${applicationVendors} where ${applicationVendors.vendorId} = ${vendorId})`),
    sql`${applications.details}->>'foundation_model_vendor_id' = ${vendorId}`,
  )!;
}
