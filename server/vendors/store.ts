import type { FastifyRequest } from "fastify";
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { asSubject } from "../../domain/access/abilities";
import type { Vendor } from "../../domain/entities/vendor";
import { vendorDetailsSchema, type VendorDetails, type VendorDetailsInput } from "../../domain/vendors";
import { scopeOf } from "../access/scope";
import type { Db } from "../db/client";
import { applications, applicationVendors, companies, vendors } from "../db/schema";
import { badRequest, forbidden, notFound } from "../plugins/problem";

export type VendorRow = typeof vendors.$inferSelect;

/**
 * How many applications the caller can read use the vendor (listed, or as their foundation-model vendor):
 * a correlated subquery, so lists count and sort in SQL. Only valid in a query with a join (see selectVendors).
 */
export function applicationCount(request: FastifyRequest): SQL<number> {
  const listed = sql`exists (select 1 from ${applicationVendors} where ${applicationVendors.applicationId} = ${applications.id} and ${applicationVendors.vendorId} = ${vendors.id})`;
  const foundationModel = sql`${applications.details}->>'foundation_model_vendor_id' = ${vendors.id}::text`;
  const readable = scopeOf(request.ability, "read", "Application", applications);
  return sql<number>`(select count(*)::int from ${applications} where ${and(readable, or(listed, foundationModel))})`.mapWith(Number);
}

/**
 * Vendors with their application count. The join (one company row) makes drizzle qualify every column
 * with its table, which the correlated subquery needs: a single-table select leaves them bare.
 */
export function selectVendors(db: Db, request: FastifyRequest) {
  return db
    .select({ row: vendors, applicationCount: applicationCount(request) })
    .from(vendors)
    .innerJoin(companies, eq(companies.id, vendors.companyId));
}

/** The vendor's profile as the API names it; also what the audit log keeps of a change. */
export function vendorProfile(row: VendorRow) {
  return {
    name: row.name,
    website: row.website,
    description: row.description,
    services_provided: row.servicesProvided,
    contact: row.contact,
    status: row.status,
    risk_level: row.riskLevel,
    risk_reasons: row.riskReasons,
  };
}

export function toVendor({ row, applicationCount }: { row: VendorRow; applicationCount: number }): Vendor {
  return {
    id: row.id,
    ...vendorProfile(row),
    application_count: applicationCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The caller's company's vendor (else 404, never 403: design §4), and 403 when they may read it but not take `action`. */
export async function findVendor(db: Db, request: FastifyRequest, id: string, action: "read" | "update" = "read") {
  const [found] = await selectVendors(db, request).where(and(eq(vendors.id, id), eq(vendors.companyId, request.user.companyId)));
  const subject = found && asSubject("Vendor", { id: found.row.id, companyId: found.row.companyId });
  if (!found || !request.ability.can("read", subject)) throw notFound("Vendor");
  if (action !== "read" && !request.ability.can(action, subject)) throw forbidden("Only a contributor or an administrator can change vendors.");
  return found;
}

/** Merges a partial set of answers over the stored ones; a bad answer is a 400 naming `details.<question>`. */
export function mergeVendorDetails(current: Partial<VendorDetails>, patch: VendorDetailsInput): VendorDetails {
  const parsed = vendorDetailsSchema.safeParse({ ...current, ...patch });
  if (!parsed.success) {
    throw badRequest(
      "The answers are not valid.",
      parsed.error.issues.map((i) => ({ path: ["details", ...i.path].join("."), message: i.message })),
    );
  }
  return parsed.data;
}
