import type { FastifyRequest } from "fastify";
import { and, eq, exists, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { asSubject } from "../../domain/access/abilities";
import type { z } from "zod";
import {
  VENDOR_STATUSES,
  type Vendor,
  type vendorCreateSchema,
  type linkedApplicationListQuerySchema,
  type linkedApplicationListResponseSchema,
  type VendorDetailsResponse,
  type VendorListQuery,
  type vendorUpdateSchema,
} from "../../domain/entities/vendor";
import { VENDOR_RISK_LEVELS, emptyVendorDetails, vendorDetailsSchema, vendorRisk, type VendorDetails, type VendorDetailsInput } from "../../domain/vendors";
import { reachesWholeCompany, scopeOf } from "../access/scope";
import { reclassifyVendorUsers } from "../applications/classification";
import { readableApplications } from "../applications/store";
import { usesVendor, type DbOrTx } from "../applications/vendors";
import { actorOf, recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { listItems, listPage, type ListFilters, type ListSorting, type ListSource, type SortValues } from "../db/list";
import type { ListTotal } from "../db/list-total";
import { applications, applicationVendors, companies, vendors } from "../db/schema";
import { likePattern } from "../db/search";
import { claimVersion } from "../db/versions";
import type { CurrentUser } from "../identity/caller";
import type { ExpectedVersions } from "../plugins/concurrency";
import { badRequest, conflict, forbidden, notFound } from "../plugins/problem";

export type VendorRow = typeof vendors.$inferSelect;
type LinkedApplicationListQuery = z.infer<typeof linkedApplicationListQuerySchema>;
type LinkedApplicationList = z.infer<typeof linkedApplicationListResponseSchema>;

/**
 * How many applications the caller can read use the vendor (listed, or as their foundation-model vendor), in
 * SQL, so lists count and sort by it. A caller who reads the whole company counts each vendor's users from two
 * index-only scans (its links, and the stored foundation-model column): a vendor's users are its company's
 * applications, as links and the foundation-model answer are checked on write. A caller with a reach (groups)
 * gets every vendor's count from one grouped pass over that reach (see reachCounts), joined by selectVendors:
 * the reach is read once, not once per vendor. Only valid in a query with a join (see selectVendors).
 */
export function applicationCount(request: FastifyRequest): SQL<number> {
  if (!reachesWholeCompany(request.ability, "read", "Application")) return sql<number>`coalesce(vendor_counts.n, 0)`.mapWith(Number);
  const listed = sql`select ${applicationVendors.applicationId} from ${applicationVendors} where ${applicationVendors.vendorId} = ${vendors.id}`;
  const foundationModel = sql`select fm.id from ${applications} fm where fm.foundation_model_vendor_id = ${vendors.id}::text`;
  return sql<number>`(select count(*)::int from (${listed} union ${foundationModel}) used)`.mapWith(Number);
}

/** Per vendor (as text), how many applications within the caller's reach use it. */
function reachCounts(request: FastifyRequest): SQL {
  const readable = scopeOf(request.ability, "read", "Application", applications);
  return sql`(select used.vendor_id, count(distinct used.application_id)::int as n from (
      select ${applicationVendors.vendorId}::text as vendor_id, ${applications.id} as application_id
        from ${applications} join ${applicationVendors} on ${applicationVendors.applicationId} = ${applications.id} where ${readable}
      union all
      select ${applications.foundationModelVendorId} as vendor_id, ${applications.id} as application_id
        from ${applications} where ${readable} and ${applications.foundationModelVendorId} is not null
    ) used group by used.vendor_id) vendor_counts`;
}

/**
 * Vendors with their application count. The join (one company row) makes drizzle qualify every column
 * with its table, which the correlated subquery needs: a single-table select leaves them bare.
 */
export function selectVendors(db: Db, request: FastifyRequest, extra?: SortValues) {
  const select = db
    .select({ row: vendors, applicationCount: applicationCount(request), ...extra })
    .from(vendors)
    .innerJoin(companies, eq(companies.id, vendors.companyId))
    .$dynamic();
  return reachesWholeCompany(request.ability, "read", "Application") ? select : select.leftJoin(reachCounts(request), sql`vendor_counts.vendor_id = ${vendors.id}::text`);
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

type VendorWithCount = { row: VendorRow; applicationCount: number };

export function toVendor({ row, applicationCount }: VendorWithCount): Vendor {
  return {
    id: row.id,
    ...vendorProfile(row),
    application_count: applicationCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The caller's company's vendor (else 404, never 403: another company's vendor does not exist for them), and 403 when they may read it but not take `action`. */
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

/** Orders an enum column by its place in the list (risk high first, status active first), not alphabetically. */
const rank = (column: SQL, values: readonly string[]) =>
  sql`case ${column} ${sql.join(
    values.map((v, i) => sql`when ${v} then ${i}`),
    sql` `,
  )} else ${values.length} end`;

function vendorSorting(request: FastifyRequest): ListSorting {
  return {
    keys: {
      name: sql`lower(${vendors.name})`,
      status: rank(sql`${vendors.status}`, VENDOR_STATUSES),
      risk_level: rank(sql`${vendors.riskLevel}`, VENDOR_RISK_LEVELS),
      application_count: applicationCount(request),
      created_at: vendors.createdAt,
      updated_at: vendors.updatedAt,
    },
    default: "name",
    id: vendors.id,
  };
}

function filtersOf(query: ListFilters<VendorListQuery>): SQL[] {
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push(or(ilike(vendors.name, pattern), ilike(vendors.description, pattern), ilike(vendors.servicesProvided, pattern))!);
  }
  if (query.status?.length) filters.push(inArray(vendors.status, query.status));
  if (query.risk_level?.length) filters.push(inArray(vendors.riskLevel, query.risk_level));
  return filters;
}

/** The caller's company's vendors, filtered as asked: what a page of the list and its export read. */
export function vendorList(db: Db, request: FastifyRequest, query: ListFilters<VendorListQuery>): ListSource<VendorWithCount, Vendor> {
  return {
    table: vendors,
    where: and(eq(vendors.companyId, request.user.companyId), ...filtersOf(query)),
    sorting: vendorSorting(request),
    select: (extra) => selectVendors(db, request, extra).$dynamic(),
    toItems: (rows) => rows.map(toVendor),
  };
}

/** One page of the caller's company's vendors, filtered and sorted as asked, with its total. */
export async function listVendors(db: Db, request: FastifyRequest, query: VendorListQuery): Promise<{ items: Vendor[] } & ListTotal> {
  return listItems(db, vendorList(db, request, query), query);
}

const NAME_TAKEN = () => conflict("A vendor with this name already exists.", [{ path: "name", message: "validation.nameTaken" }]);

/** Adds a vendor to the user's company, rated from its answers; audited. Answers its id. */
export async function createVendor(db: Db, user: CurrentUser, input: z.output<typeof vendorCreateSchema>): Promise<string> {
  try {
    return await db.transaction((tx) => insertVendor(tx, user, input));
  } catch (error) {
    if (isUniqueViolation(error)) throw NAME_TAKEN();
    throw error;
  }
}

/** Writes a new vendor in the caller's transaction, rated from its answers, and audits it (`audit` adds to the entry). */
export async function insertVendor(tx: DbOrTx, user: CurrentUser, input: z.output<typeof vendorCreateSchema>, audit: Record<string, unknown> = {}): Promise<string> {
  const { details = emptyVendorDetails(), ...profile } = input;
  const risk = vendorRisk(details);
  const [created] = await tx
    .insert(vendors)
    .values({
      companyId: user.companyId,
      name: profile.name,
      website: profile.website ?? null,
      description: profile.description ?? null,
      servicesProvided: profile.services_provided ?? null,
      contact: profile.contact ?? null,
      status: profile.status ?? "active",
      details,
      riskLevel: risk.level,
      riskReasons: risk.reasons,
      createdBy: user.actor === "user" ? user.id : null,
    })
    .returning();
  await recordAudit(tx, actorOf(user), { entityType: "vendor", entityId: created.id, action: "vendor.created", after: { ...vendorProfile(created), details, ...audit } });
  return created.id;
}

/**
 * Applies an edit at the expected version if the caller sent one; audited. A change of risk level
 * re-classifies the applications that use the vendor.
 */
export async function changeVendor(db: Db, user: CurrentUser, id: string, body: z.output<typeof vendorUpdateSchema>, expected: ExpectedVersions): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      if ((await claimVersion(tx, vendors, eq(vendors.id, id), expected)) === undefined) throw notFound("Vendor");
      const [row] = await tx.select().from(vendors).where(eq(vendors.id, id));
      await updateVendor(tx, user, row, body);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw NAME_TAKEN();
    throw error;
  }
}

/**
 * Applies an edit to a vendor in the caller's transaction (its version already claimed); audited (`audit` adds
 * to the entry). A change of risk level re-classifies the applications that use the vendor.
 */
export async function updateVendor(tx: DbOrTx, user: CurrentUser, row: VendorRow, body: z.output<typeof vendorUpdateSchema>, audit: Record<string, unknown> = {}): Promise<void> {
  const set: Partial<typeof vendors.$inferInsert> = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.website !== undefined) set.website = body.website;
  if (body.description !== undefined) set.description = body.description;
  if (body.services_provided !== undefined) set.servicesProvided = body.services_provided;
  if (body.contact !== undefined) set.contact = body.contact;
  if (body.status !== undefined) set.status = body.status;
  if (body.details !== undefined) {
    const details = mergeVendorDetails(row.details, body.details);
    const risk = vendorRisk(details);
    Object.assign(set, { details, riskLevel: risk.level, riskReasons: risk.reasons });
  }
  if (Object.keys(set).length === 0) return;
  const [updated] = await tx
    .update(vendors)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(vendors.id, row.id), eq(vendors.companyId, user.companyId)))
    .returning();
  const actor = actorOf(user);
  await recordAudit(tx, actor, {
    entityType: "vendor",
    entityId: row.id,
    action: "vendor.updated",
    before: { ...vendorProfile(row), ...(body.details !== undefined && { details: row.details }) },
    after: { ...vendorProfile(updated), ...(body.details !== undefined && { details: updated.details }), ...audit },
  });
  // Only a high rating reaches the applications' classification; re-classify on any change of level.
  if (updated.riskLevel !== row.riskLevel) await reclassifyVendorUsers(tx, user.companyId, row.id, actor);
}

/** The vendor's answers and its risk with reasons. */
export function vendorDetails(row: VendorRow): VendorDetailsResponse {
  return { details: { ...emptyVendorDetails(), ...row.details }, risk_level: row.riskLevel, risk_reasons: row.riskReasons };
}

const LINKED_SORTING: ListSorting = {
  keys: { name: sql`lower(${applications.name})`, risk_tier: applications.riskRank },
  default: "name",
  id: applications.id,
};

/** The applications the caller can read that use the vendor (listed, or as their foundation model), a page at a time. */
export async function vendorApplications(db: Db, request: FastifyRequest, vendorId: string, query: LinkedApplicationListQuery): Promise<LinkedApplicationList> {
  const listed = exists(
    db
      .select({ one: sql`1` })
      .from(applicationVendors)
      .where(and(eq(applicationVendors.applicationId, applications.id), eq(applicationVendors.vendorId, vendorId))),
  );
  const select = db
    .select({
      id: applications.id,
      name: applications.name,
      riskTier: applications.riskTier,
      approvalStatus: applications.approvalStatus,
      listed: sql<boolean>`${listed}`,
      foundationModel: sql<boolean>`coalesce(${applications.foundationModelVendorId} = ${vendorId}, false)`,
    })
    .from(applications)
    .$dynamic();
  const where = and(readableApplications(request), usesVendor(vendorId), query.q ? ilike(applications.name, likePattern(query.q)) : undefined);
  const { rows, ...totals } = await listPage(db, { table: applications, where, query, sorting: LINKED_SORTING, select });
  return {
    ...totals,
    items: rows.map((a) => ({
      id: a.id,
      name: a.name,
      risk_tier: a.riskTier,
      approval_status: a.approvalStatus,
      uses: [...(a.listed ? (["listed"] as const) : []), ...(a.foundationModel ? (["foundation_model"] as const) : [])],
    })),
  };
}
