import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { and, asc, count, desc, eq, ilike, inArray, ne, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import {
  resourceGroupCreateSchema,
  resourceGroupIdParamsSchema,
  resourceGroupListQuerySchema,
  resourceGroupListResponseSchema,
  resourceGroupResourceParamsSchema,
  resourceGroupSchema,
  resourceGroupUpdateSchema,
  type ResourceGroup,
} from "../../../domain/entities/resource-group";
import type { Db } from "../../db/client";
import { applications, resourceGroupResources, resourceGroups, roleAssignments } from "../../db/schema";
import { assertCan, checkRecord } from "../../plugins/ability";
import { expectedVersions, withEtag, WRITE_PRECONDITION } from "../../plugins/concurrency";
import { atExpectedVersion, nextVersion, refuseIfStale } from "../../db/versions";
import { conflict, notFound, problemResponses, versionedWriteResponses } from "../../plugins/problem";
import { likePattern } from "../../db/search";
import { isUniqueViolation } from "../../db/errors";
import { listTotal } from "../../db/list-total";

type GroupRow = typeof resourceGroups.$inferSelect;

const NAME_TAKEN = () => conflict("A resource group with this name already exists.", [{ path: "name", message: "validation.nameTaken" }]);
const ALL_HAS_NO_LIST = "A group of type ALL covers every application; only SELECTED groups list applications.";
const IN_USE = "This resource group is used by role assignments; give those users another group or take the roles away first.";

/** Groups with the applications they list, in the order given. */
async function withResources(db: Db, rows: GroupRow[]): Promise<ResourceGroup[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(resourceGroupResources)
    .where(
      inArray(
        resourceGroupResources.resourceGroupId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(resourceGroupResources.resourceId));
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    group_type: g.groupType,
    resource_ids: links.filter((l) => l.resourceGroupId === g.id).map((l) => l.resourceId),
    created_at: g.createdAt.toISOString(),
    version: g.version,
  }));
}

/** The group with this id in the caller's company; another company's group is "not found", never "forbidden". */
async function findGroup(db: Db, companyId: string, groupId: string): Promise<GroupRow> {
  const [row] = await db
    .select()
    .from(resourceGroups)
    .where(and(eq(resourceGroups.id, groupId), eq(resourceGroups.companyId, companyId)));
  if (!row) throw notFound("Resource group");
  return row;
}

/** Names are unique per company; the check ignores case so "Finance" and "finance" cannot both exist. */
async function assertNameFree(db: Db, companyId: string, name: string, exceptId?: string) {
  const filters: SQL[] = [eq(resourceGroups.companyId, companyId), eq(sql`lower(${resourceGroups.name})`, name.toLowerCase())];
  if (exceptId) filters.push(ne(resourceGroups.id, exceptId));
  const [existing] = await db
    .select({ id: resourceGroups.id })
    .from(resourceGroups)
    .where(and(...filters));
  if (existing) throw NAME_TAKEN();
}

function sortOrder(sort: string | undefined): SQL[] {
  const descending = sort?.startsWith("-") ?? false;
  const key = sort?.replace(/^-/, "") ?? "name";
  const dir = descending ? desc : asc;
  const column = key === "created_at" ? dir(resourceGroups.createdAt) : dir(sql`lower(${resourceGroups.name})`);
  return [column, asc(resourceGroups.id)];
}

/** Manage Resource Groups (spec §7 Access): Administrator only, always inside the caller's company. */
export default async function resourceGroupRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;
  const companyOf = (request: FastifyRequest) => request.user.companyId;

  app.addHook("preParsing", async (request) => {
    assertCan(request, "manage", "ResourceGroup", "Only an Administrator can manage resource groups.");
  });

  app.get(
    "/access/resource-groups",
    {
      schema: {
        tags: ["access"],
        summary: "The company's resource groups",
        querystring: resourceGroupListQuerySchema,
        response: { 200: resourceGroupListResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { page, page_size, sort, q } = request.query;
      const filters: SQL[] = [eq(resourceGroups.companyId, companyOf(request))];
      if (q) filters.push(ilike(resourceGroups.name, likePattern(q)));
      const where = and(...filters);
      const totals = await listTotal(db(), resourceGroups, where);
      const rows = await db()
        .select()
        .from(resourceGroups)
        .where(where)
        .orderBy(...sortOrder(sort))
        .limit(page_size)
        .offset((page - 1) * page_size);
      return { items: await withResources(db(), rows), ...totals };
    },
  );

  app.post(
    "/access/resource-groups",
    {
      schema: {
        tags: ["access"],
        summary: "Create a resource group",
        body: resourceGroupCreateSchema,
        response: { 201: resourceGroupSchema, ...problemResponses },
      },
    },
    async (request, reply) => {
      const companyId = companyOf(request);
      const { name, group_type } = request.body;
      await assertNameFree(db(), companyId, name);
      let row: GroupRow;
      try {
        [row] = await db().insert(resourceGroups).values({ companyId, name, groupType: group_type }).returning();
      } catch (error) {
        if (isUniqueViolation(error)) throw NAME_TAKEN();
        throw error;
      }
      const [group] = await withResources(db(), [row]);
      return reply.code(201).send(group);
    },
  );

  app.patch(
    "/access/resource-groups/:resource_group_id",
    {
      schema: {
        tags: ["access"],
        summary: "Rename a resource group or change its type (a change to ALL drops its application list)",
        description: WRITE_PRECONDITION,
        params: resourceGroupIdParamsSchema,
        body: resourceGroupUpdateSchema,
        response: { 200: resourceGroupSchema, ...versionedWriteResponses },
      },
      preParsing: checkRecord(resourceGroupIdParamsSchema, (request, params) => findGroup(db(), request.user.companyId, params.resource_group_id)),
    },
    async (request, reply) => {
      const companyId = companyOf(request);
      const current = await findGroup(db(), companyId, request.params.resource_group_id);
      const expected = expectedVersions(request);
      const { name, group_type } = request.body;
      if (name !== undefined && name !== current.name) await assertNameFree(db(), companyId, name, current.id);
      const changes = {
        ...(name !== undefined && { name }),
        ...(group_type !== undefined && { groupType: group_type }),
      };
      let row: GroupRow;
      try {
        row = await db().transaction(async (tx) => {
          const thisGroup = and(eq(resourceGroups.id, current.id), eq(resourceGroups.companyId, companyId))!;
          const [updated] = await tx
            .update(resourceGroups)
            .set({ ...changes, version: nextVersion(resourceGroups), updatedAt: new Date() })
            .where(and(thisGroup, atExpectedVersion(resourceGroups, expected)))
            .returning();
          if (!updated) {
            await refuseIfStale(tx, resourceGroups, thisGroup);
            throw notFound("Resource group");
          }
          // An ALL group covers every application: a list left over from SELECTED would mean nothing.
          if (updated.groupType === "ALL") await tx.delete(resourceGroupResources).where(eq(resourceGroupResources.resourceGroupId, current.id));
          return updated;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw NAME_TAKEN();
        throw error;
      }
      const [group] = await withResources(db(), [row]);
      return withEtag(reply, group);
    },
  );

  app.delete(
    "/access/resource-groups/:resource_group_id",
    {
      schema: {
        tags: ["access"],
        summary: "Delete a resource group no role assignment uses",
        params: resourceGroupIdParamsSchema,
        response: { 204: z.null(), ...problemResponses },
      },
    },
    async (request, reply) => {
      const companyId = companyOf(request);
      const group = await findGroup(db(), companyId, request.params.resource_group_id);
      await db().transaction(async (tx) => {
        // Lock the group so an assignment cannot arrive between the check and the delete.
        await tx.select({ id: resourceGroups.id }).from(resourceGroups).where(eq(resourceGroups.id, group.id)).for("update");
        const [{ used }] = await tx.select({ used: count() }).from(roleAssignments).where(eq(roleAssignments.resourceGroupId, group.id));
        if (used > 0) throw conflict(IN_USE);
        // Its application list goes with it (on delete cascade).
        await tx.delete(resourceGroups).where(and(eq(resourceGroups.id, group.id), eq(resourceGroups.companyId, companyId)));
      });
      return reply.code(204).send(null);
    },
  );

  app.put(
    "/access/resource-groups/:resource_group_id/resources/:resource_id",
    {
      schema: {
        tags: ["access"],
        summary: "Add an application to a SELECTED group (idempotent)",
        params: resourceGroupResourceParamsSchema,
        response: { 200: resourceGroupSchema, ...problemResponses },
      },
    },
    async (request) => {
      const group = await findGroup(db(), companyOf(request), request.params.resource_group_id);
      if (group.groupType === "ALL") throw conflict(ALL_HAS_NO_LIST);
      const [application] = await db()
        .select({ id: applications.id })
        .from(applications)
        .where(and(eq(applications.id, request.params.resource_id), eq(applications.companyId, group.companyId)));
      if (!application) throw notFound("Application");
      await db().insert(resourceGroupResources).values({ resourceGroupId: group.id, resourceId: request.params.resource_id }).onConflictDoNothing();
      const [result] = await withResources(db(), [group]);
      return result;
    },
  );

  app.delete(
    "/access/resource-groups/:resource_group_id/resources/:resource_id",
    {
      schema: {
        tags: ["access"],
        summary: "Take an application out of a SELECTED group (idempotent)",
        params: resourceGroupResourceParamsSchema,
        response: { 204: z.null(), ...problemResponses },
      },
    },
    async (request, reply) => {
      const group = await findGroup(db(), companyOf(request), request.params.resource_group_id);
      if (group.groupType === "ALL") throw conflict(ALL_HAS_NO_LIST);
      await db()
        .delete(resourceGroupResources)
        .where(and(eq(resourceGroupResources.resourceGroupId, group.id), eq(resourceGroupResources.resourceId, request.params.resource_id)));
      return reply.code(204).send(null);
    },
  );
}
