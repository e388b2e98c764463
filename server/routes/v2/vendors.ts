import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { and, asc, desc, eq, exists, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import {
  VENDOR_STATUSES,
  vendorCreateSchema,
  vendorDetailsResponseSchema,
  vendorIdParamsSchema,
  vendorListQuerySchema,
  vendorListResponseSchema,
  vendorSchema,
  vendorUpdateSchema,
  type VendorListQuery,
} from "../../../domain/entities/vendor";
import { VENDOR_RISK_LEVELS, emptyVendorDetails, vendorRisk } from "../../../domain/vendors";
import { reclassifyVendorUsers } from "../../applications/classification";
import { usesVendor } from "../../applications/vendors";
import { actorOf, recordAudit } from "../../audit/record";
import { isUniqueViolation } from "../../db/errors";
import { applications, applicationVendors, vendors } from "../../db/schema";
import { likePattern } from "../../db/search";
import { assertCan, checkRecord } from "../../plugins/ability";
import { expectedVersions, withEtag, WRITE_PRECONDITION } from "../../plugins/concurrency";
import { claimVersion } from "../../db/versions";
import { conflict, notFound, problemResponses, versionedWriteResponses } from "../../plugins/problem";
import { applicationCount, findVendor, mergeVendorDetails, selectVendors, toVendor, vendorProfile } from "../../vendors/store";
import { readableApplications } from "./applications";
import { listTotal } from "../../db/list-total";

const NAME_TAKEN = () => conflict("A vendor with this name already exists.", [{ path: "name", message: "validation.nameTaken" }]);
const CAN_EDIT = "Only a contributor or an administrator can change vendors.";

/** Orders an enum column by its place in the list (risk high first, status active first), not alphabetically. */
const rank = (column: SQL, values: readonly string[]) =>
  sql`case ${column} ${sql.join(
    values.map((v, i) => sql`when ${v} then ${i}`),
    sql` `,
  )} else ${values.length} end`;

function sortOrder(request: FastifyRequest, sort: string | undefined): SQL[] {
  const descending = sort?.startsWith("-") ?? false;
  const key = sort?.replace(/^-/, "") ?? "name";
  const column: Record<string, SQL> = {
    name: sql`lower(${vendors.name})`,
    status: rank(sql`${vendors.status}`, VENDOR_STATUSES),
    risk_level: rank(sql`${vendors.riskLevel}`, VENDOR_RISK_LEVELS),
    application_count: applicationCount(request),
    created_at: sql`${vendors.createdAt}`,
    updated_at: sql`${vendors.updatedAt}`,
  };
  return [sql`${column[key]} ${descending ? sql`desc` : sql`asc`}`, (descending ? desc : asc)(vendors.id)];
}

function filtersOf(query: VendorListQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    filters.push(or(ilike(vendors.name, pattern), ilike(vendors.description, pattern), ilike(vendors.servicesProvided, pattern))!);
  }
  if (query.status?.length) filters.push(inArray(vendors.status, query.status));
  if (query.risk_level?.length) filters.push(inArray(vendors.riskLevel, query.risk_level));
  return filters;
}

/** AI vendors (spec §7 Frameworks and vendors): the list, each one's profile and answers, and the applications that use it. */
export default async function vendorRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  app.get(
    "/vendors",
    {
      schema: {
        tags: ["vendors"],
        summary: "The company's AI vendors",
        querystring: vendorListQuerySchema,
        response: { 200: vendorListResponseSchema, ...problemResponses },
      },
      preParsing: async (request) => assertCan(request, "read", "Vendor", "Vendors are for users with a role."),
    },
    async (request) => {
      const { page, page_size, sort } = request.query;
      const where = and(eq(vendors.companyId, request.user.companyId), ...filtersOf(request.query));
      const totals = await listTotal(db(), vendors, where);
      const rows = await selectVendors(db(), request)
        .where(where)
        .orderBy(...sortOrder(request, sort))
        .limit(page_size)
        .offset((page - 1) * page_size);
      return { items: rows.map(toVendor), ...totals };
    },
  );

  app.post(
    "/vendors",
    {
      schema: { tags: ["vendors"], summary: "Add a vendor", body: vendorCreateSchema, response: { 201: vendorSchema, ...problemResponses } },
      preParsing: async (request) => assertCan(request, "create", "Vendor", CAN_EDIT),
    },
    async (request, reply) => {
      const { details = emptyVendorDetails(), ...profile } = request.body;
      const risk = vendorRisk(details);
      const user = request.user;
      let id: string;
      try {
        id = await db().transaction(async (tx) => {
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
          await recordAudit(tx, actorOf(user), { entityType: "vendor", entityId: created.id, action: "vendor.created", after: { ...vendorProfile(created), details } });
          return created.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw NAME_TAKEN();
        throw error;
      }
      return reply.code(201).send(toVendor(await findVendor(db(), request, id)));
    },
  );

  app.get(
    "/vendors/:id",
    { schema: { tags: ["vendors"], summary: "One vendor", params: vendorIdParamsSchema, response: { 200: vendorSchema, ...problemResponses } } },
    async (request) => toVendor(await findVendor(db(), request, request.params.id)),
  );

  app.put(
    "/vendors/:id",
    {
      schema: {
        tags: ["vendors"],
        summary: "Edit a vendor: its profile, status (offboard instead of deleting) and answers; a new risk level re-classifies the applications that use it",
        description: WRITE_PRECONDITION,
        params: vendorIdParamsSchema,
        body: vendorUpdateSchema,
        response: { 200: vendorSchema, ...versionedWriteResponses },
      },
      preParsing: checkRecord(vendorIdParamsSchema, (request, params) => findVendor(db(), request, params.id, "update")),
    },
    async (request, reply) => {
      const { body, user } = request;
      await findVendor(db(), request, request.params.id, "update");
      const expected = expectedVersions(request);
      try {
        await db().transaction(async (tx) => {
          if ((await claimVersion(tx, vendors, eq(vendors.id, request.params.id), expected)) === undefined) throw notFound("Vendor");
          const [row] = await tx.select().from(vendors).where(eq(vendors.id, request.params.id));
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
            after: { ...vendorProfile(updated), ...(body.details !== undefined && { details: updated.details }) },
          });
          // Only a high rating reaches the applications' classification; re-classify on any change of level.
          if (updated.riskLevel !== row.riskLevel) await reclassifyVendorUsers(tx, user.companyId, row.id, actor);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw NAME_TAKEN();
        throw error;
      }
      return withEtag(reply, toVendor(await findVendor(db(), request, request.params.id)));
    },
  );

  app.get(
    "/vendors/:id/details",
    {
      schema: {
        tags: ["vendors"],
        summary: "The vendor's answers, its risk with reasons, and the applications the caller can read that use it",
        params: vendorIdParamsSchema,
        response: { 200: vendorDetailsResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { row } = await findVendor(db(), request, request.params.id);
      const listed = exists(
        db()
          .select({ one: sql`1` })
          .from(applicationVendors)
          .where(and(eq(applicationVendors.applicationId, applications.id), eq(applicationVendors.vendorId, row.id))),
      );
      const linked = await db()
        .select({
          id: applications.id,
          name: applications.name,
          riskTier: applications.riskTier,
          approvalStatus: applications.approvalStatus,
          listed: sql<boolean>`${listed}`,
          foundationModel: sql<boolean>`coalesce(${applications.details}->>'foundation_model_vendor_id' = ${row.id}, false)`,
        })
        .from(applications)
        .where(and(readableApplications(request), usesVendor(row.id)))
        .orderBy(sql`lower(${applications.name})`, applications.id);
      return {
        details: { ...emptyVendorDetails(), ...row.details },
        risk_level: row.riskLevel,
        risk_reasons: row.riskReasons,
        applications: linked.map((a) => ({
          id: a.id,
          name: a.name,
          risk_tier: a.riskTier,
          approval_status: a.approvalStatus,
          uses: [...(a.listed ? (["listed"] as const) : []), ...(a.foundationModel ? (["foundation_model"] as const) : [])],
        })),
      };
    },
  );
}
