import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { newApplicationGroup } from "../../../domain/access/new-application-group";
import {
  NOT_ASSESSED,
  applicationCreateSchema,
  applicationIdParamsSchema,
  applicationListQuerySchema,
  applicationListResponseSchema,
  applicationSchema,
  applicationUpdateSchema,
  type ApplicationListQuery,
} from "../../../domain/entities/application";
import { RISK_TIERS } from "../../../domain/risk";
import { scopeOf } from "../../access/scope";
import { applyApprovalMove, applyDevelopmentMove, applyEdit } from "../../applications/changes";
import {
  findApplication,
  newApplicationValues,
  ownerName,
  selectApplications,
  selectApplicationViews,
  toApplication,
  type ApplicationRow,
  type ApplicationWithOwner,
} from "../../applications/store";
import { assertCompanyVendors, listedVendors, replaceListedVendors, usedVendorIds, vendorContext } from "../../applications/vendors";
import { actorOf, recordAudit } from "../../audit/record";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { applications, resourceGroupResources, resourceGroups, users } from "../../db/schema";
import { listTotal, windowCount } from "../../db/list-total";
import { likePattern } from "../../db/search";
import { assertCan, checkRecord } from "../../plugins/ability";
import type { CurrentUser } from "../../plugins/auth";
import { expectedVersions, withEtag, WRITE_PRECONDITION } from "../../plugins/concurrency";
import { claimVersion } from "../../db/versions";
import { badRequest, conflict, notFound, problemResponses, versionedWriteResponses } from "../../plugins/problem";

const NAME_TAKEN = () => conflict("An application with this name already exists.", [{ path: "name", message: "validation.nameTaken" }]);

/** Sort keys whose value may be missing: those sort last either way. */
const NULLABLE_SORT_KEYS = new Set(["owner", "next_review_due"]);

/**
 * The ORDER BY of a list. Keys that are never null carry no NULLS clause, so that a (company, key, id)
 * index serves both directions (walked backwards for descending).
 */
function sortOrder(sort: string | undefined, q: string | undefined): SQL[] {
  const descending = sort?.startsWith("-") ?? false;
  const key = sort?.replace(/^-/, "") ?? "name";
  const dir = descending ? desc : asc;
  const column: Record<string, SQL> = {
    // A search sorts its matches (found through the trigram indexes) instead of walking the name index
    // and filtering: with a selective term that walk reads most of the table for one page.
    name: q ? sql`lower(${applications.name}) || ''` : sql`lower(${applications.name})`,
    // Stored workflow ranks, so the (company, rank, id) indexes serve the ordering.
    risk_tier: sql`${applications.riskRank}`,
    approval_status: sql`${applications.approvalRank}`,
    development_status: sql`${applications.developmentRank}`,
    owner: sql`lower(${ownerName})`,
    next_review_due: sql`${applications.nextReviewDue}`,
    created_at: sql`${applications.createdAt}`,
    updated_at: sql`${applications.updatedAt}`,
  };
  const nulls = NULLABLE_SORT_KEYS.has(key) ? sql` nulls last` : sql``;
  return [sql`${column[key]} ${descending ? sql`desc` : sql`asc`}${nulls}`, dir(applications.id)];
}

/**
 * A search's matches come from the trigram indexes; the other filters are then checked on those rows.
 * Written as `column || ''` they cannot use their own (company, column) indexes: the planner would
 * otherwise AND the trigram bitmap with one spanning half the company's rows, several times the cost.
 */
const checkedOnMatches = (column: AnyPgColumn, searching: boolean): SQL => (searching ? sql`(${column} || '')` : sql`${column}`);

function filtersOf(query: ApplicationListQuery): SQL[] {
  const filters: SQL[] = [];
  const searching = Boolean(query.q);
  const column = (c: AnyPgColumn) => checkedOnMatches(c, searching);
  if (query.q) filters.push(or(ilike(applications.name, likePattern(query.q)), ilike(applications.description, likePattern(query.q)))!);
  if (query.risk_tier?.length) {
    const tiers = query.risk_tier.filter((t) => t !== NOT_ASSESSED) as (typeof RISK_TIERS)[number][];
    const parts: SQL[] = [];
    if (tiers.length) parts.push(inArray(column(applications.riskTier), tiers));
    if (query.risk_tier.includes(NOT_ASSESSED)) parts.push(isNull(applications.riskTier));
    filters.push(or(...parts)!);
  }
  if (query.approval_status?.length) filters.push(inArray(column(applications.approvalStatus), query.approval_status));
  if (query.development_status?.length) filters.push(inArray(column(applications.developmentStatus), query.development_status));
  if (query.owner?.length) filters.push(inArray(applications.ownerId, query.owner));
  return filters;
}

/** The applications the caller may read, as a WHERE clause (design §6). */
export const readableApplications = (request: FastifyRequest) =>
  and(eq(applications.companyId, request.user.companyId), scopeOf(request.ability, "read", "Application", applications))!;

/** The group a new application joins (domain/access/new-application-group), a named one checked to be a SELECTED group of the company. */
async function groupToJoin(db: Db, user: CurrentUser, requested: string | undefined): Promise<string | null> {
  const decision = newApplicationGroup(user, requested);
  if ("choose" in decision) {
    throw badRequest("You contribute to several application groups: choose the one the application joins.", [
      { path: "resource_group_id", message: "validation.required" },
    ]);
  }
  if ("unknownGroup" in decision) throw notFound("Resource group");
  if (!decision.group) return null;
  const [group] = await db
    .select({ type: resourceGroups.groupType })
    .from(resourceGroups)
    .where(and(eq(resourceGroups.id, decision.group), eq(resourceGroups.companyId, user.companyId)));
  if (group?.type !== "SELECTED") throw notFound("Resource group");
  return decision.group;
}

async function ownerInCompany(db: Db, companyId: string, ownerId: string | null | undefined) {
  if (!ownerId) return;
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ownerId), eq(users.companyId, companyId)));
  if (!owner) throw notFound("Owner");
}

/** A single application as GET and PUT answer it: with the vendors it lists. */
async function withVendors(db: Db, found: ApplicationWithOwner) {
  return toApplication(found, await listedVendors(db, found.row.id));
}

/** AI applications (spec §7 Applications): the inventory, each one's edits and status moves. */
export default async function applicationRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  app.get(
    "/applications",
    {
      schema: {
        tags: ["applications"],
        summary: "The applications the caller can see",
        querystring: applicationListQuerySchema,
        response: { 200: applicationListResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { page, page_size, sort, q } = request.query;
      const where = and(readableApplications(request), ...filtersOf(request.query));
      const offset = (page - 1) * page_size;
      if (q) {
        // A search reads and sorts every match anyway: the same pass counts them, exactly. That pass
        // carries ids only; the page's rows are then read by primary key.
        const matches = await db()
          .select({ id: applications.id, matches: windowCount })
          .from(applications)
          .leftJoin(users, eq(users.id, applications.ownerId))
          .where(where)
          .orderBy(...sortOrder(sort, q))
          .limit(page_size)
          .offset(offset);
        const found = matches.length ? await selectApplicationViews(db()).where(inArray(applications.id, matches.map((m) => m.id))) : [];
        const byId = new Map(found.map((r) => [r.row.id, r]));
        const rows = matches.flatMap((m) => byId.get(m.id) ?? []);
        const totals = matches.length || page === 1 ? { total: matches[0]?.matches ?? 0 } : await listTotal(db(), applications, where);
        return { items: rows.map((r) => toApplication(r)), ...totals };
      }
      // The owner join only names owners on the page; counting needs none of it.
      const totals = await listTotal(db(), applications, where);
      const rows = await selectApplicationViews(db()).where(where).orderBy(...sortOrder(sort, q)).limit(page_size).offset(offset);
      return { items: rows.map((r) => toApplication(r)), ...totals };
    },
  );

  app.post(
    "/applications",
    {
      schema: {
        tags: ["applications"],
        summary: "Add an application to the inventory",
        body: applicationCreateSchema,
        response: { 201: applicationSchema, ...problemResponses },
      },
      preParsing: async (request) => assertCan(request, "create", "Application", "Only a contributor or an administrator can add applications."),
    },
    async (request, reply) => {
      const { name, description, owner_id, resource_group_id, details, vendor_ids = [] } = request.body;
      const user = request.user;
      await ownerInCompany(db(), user.companyId, owner_id);
      await assertCompanyVendors(db(), user.companyId, vendor_ids, "vendor_ids");
      await assertCompanyVendors(db(), user.companyId, [details?.foundation_model_vendor_id], "details.foundation_model_vendor_id");
      const context = await vendorContext(db(), user.companyId, details ? usedVendorIds(vendor_ids, details) : vendor_ids);
      const groupId = await groupToJoin(db(), user, resource_group_id);
      const isPerson = user.actor === "user";
      let row: ApplicationRow;
      try {
        row = await db().transaction(async (tx) => {
          const [created] = await tx
            .insert(applications)
            .values(
              newApplicationValues({
                companyId: user.companyId,
                name,
                description,
                ownerId: owner_id === undefined ? (isPerson ? user.id : null) : owner_id,
                createdBy: isPerson ? user.id : null,
                details,
                context,
              }),
            )
            .returning();
          await replaceListedVendors(tx, user.companyId, created.id, vendor_ids);
          if (groupId) await tx.insert(resourceGroupResources).values({ resourceGroupId: groupId, resourceId: created.id });
          await recordAudit(tx, actorOf(user), {
            entityType: "application",
            entityId: created.id,
            action: "application.created",
            after: { name: created.name, risk_tier: created.riskTier, resource_group_id: groupId, vendor_ids },
          });
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw NAME_TAKEN();
        throw error;
      }
      const [created] = await selectApplications(db()).where(eq(applications.id, row.id));
      return reply.code(201).send(await withVendors(db(), created));
    },
  );

  app.get(
    "/applications/:id",
    {
      schema: { tags: ["applications"], summary: "One application", params: applicationIdParamsSchema, response: { 200: applicationSchema, ...problemResponses } },
    },
    async (request) => withVendors(db(), await findApplication(db(), request, request.params.id)),
  );

  app.put(
    "/applications/:id",
    {
      schema: {
        tags: ["applications"],
        summary: "Edit an application, or move its approval or development status (a body with only that status)",
        description: WRITE_PRECONDITION,
        params: applicationIdParamsSchema,
        body: applicationUpdateSchema,
        response: { 200: applicationSchema, ...versionedWriteResponses },
      },
      preParsing: checkRecord(applicationIdParamsSchema, (request, params) => findApplication(db(), request, params.id, "read")),
    },
    async (request, reply) => {
      const { body, user } = request;
      const isApprovalMove = body.approval_status !== undefined;
      // Approval moves are checked by role in the workflow; edits and development moves need `update`.
      await findApplication(db(), request, request.params.id, isApprovalMove ? "read" : "update", "Only a contributor or an administrator can change this application.");
      await ownerInCompany(db(), user.companyId, body.owner_id);
      const expected = expectedVersions(request);
      try {
        await db().transaction(async (tx) => {
          // Claiming the version locks the row: two moves or edits at once apply one after the other, each to what the other left.
          const claimed = await claimVersion(tx, applications, eq(applications.id, request.params.id), expected);
          if (claimed === undefined) throw notFound("Application");
          const [row] = await tx.select().from(applications).where(eq(applications.id, request.params.id));
          if (body.approval_status !== undefined) await applyApprovalMove(tx, row, body.approval_status, user, actorOf(user));
          else if (body.development_status !== undefined) await applyDevelopmentMove(tx, row, body.development_status, actorOf(user));
          else await applyEdit(tx, row, body, actorOf(user));
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw NAME_TAKEN();
        throw error;
      }
      const [updated] = await selectApplications(db()).where(eq(applications.id, request.params.id));
      return withEtag(reply, await withVendors(db(), updated));
    },
  );
}
