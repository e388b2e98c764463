import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { and, asc, eq, ilike, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { applicationRoleNames } from "../../../domain/access/abilities";
import { listQuerySchema, multiValue } from "../../../domain/api/list";
import {
  applicationGrantBodySchema,
  applicationGrantListResponseSchema,
  applicationGrantQuerySchema,
  authorizedUserListResponseSchema,
  callerApplicationRolesResponseSchema,
} from "../../../domain/entities/application-access";
import { applicationIdParamsSchema } from "../../../domain/entities/application";
import { APPROVAL_ROLES } from "../../../domain/workflow";
import { findApplication } from "../../applications/store";
import { actorOf, recordAudit } from "../../audit/record";
import { queryRows, type Db } from "../../db/client";
import { reachSql, type ReachRow } from "../../access/reach";
import { applicationRoleAssignments, applications, roles, users } from "../../db/schema";
import { likePattern } from "../../db/search";
import { checkRecord } from "../../plugins/ability";
import { badRequest, notFound, problemResponses } from "../../plugins/problem";
import { readableApplications } from "../../applications/store";
import { listTotal } from "../../db/list-total";

async function grantsOf(db: Db, applicationId: string) {
  const rows = await db
    .select({ user: users, role: roles, createdAt: applicationRoleAssignments.createdAt })
    .from(applicationRoleAssignments)
    .innerJoin(users, eq(users.id, applicationRoleAssignments.userId))
    .innerJoin(roles, eq(roles.id, applicationRoleAssignments.roleId))
    .where(eq(applicationRoleAssignments.applicationId, applicationId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(roles.name));
  return {
    items: rows.map((r) => ({
      user: { id: r.user.id, name: `${r.user.firstName} ${r.user.lastName}`, email: r.user.email },
      role: { id: r.role.id, name: r.role.name },
      created_at: r.createdAt.toISOString(),
    })),
  };
}

/** Authorized users, per-application grants, and the caller's own roles per application. */
export default async function applicationAccessRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  app.get(
    "/applications/role-assignments/user",
    {
      schema: {
        tags: ["applications"],
        summary: "The caller's roles on each application they can see",
        querystring: listQuerySchema(["name"]).extend({ application_id: multiValue(z.uuid()) }),
        response: { 200: callerApplicationRolesResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { page, page_size, application_id, q, sort } = request.query;
      const where = and(
        readableApplications(request),
        application_id?.length ? inArray(applications.id, application_id) : undefined,
        q ? ilike(applications.name, likePattern(q)) : undefined,
      );
      const direction = sort === "-name" ? sql`desc` : sql`asc`;
      const totals = await listTotal(db(), applications, where);
      const rows = await db()
        .select({ id: applications.id, name: applications.name })
        .from(applications)
        .where(where)
        .orderBy(sql`lower(${applications.name}) ${direction}`, asc(applications.id))
        .limit(page_size)
        .offset((page - 1) * page_size);
      return { ...totals, items: rows.map((a) => ({ application_id: a.id, application_name: a.name, roles: applicationRoleNames(request.user, a.id) })) };
    },
  );

  app.get(
    "/applications/:id/authorized-users",
    {
      schema: {
        tags: ["applications"],
        summary: "Everyone whose roles reach the application, and through what",
        params: applicationIdParamsSchema,
        querystring: listQuerySchema(["name"]),
        response: { 200: authorizedUserListResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { row } = await findApplication(db(), request, request.params.id);
      const { page, page_size, q, sort } = request.query;
      const search = q ? sql`and (u.email ilike ${likePattern(q)} or (u.first_name || ' ' || u.last_name) ilike ${likePattern(q)})` : sql``;
      const direction = sort === "-name" ? sql`desc` : sql`asc`;
      const people = await queryRows<{ id: string; email: string; first_name: string; last_name: string; total: number }>(db(), sql`
        select u.id, u.email, u.first_name, u.last_name, count(*) over ()::int as total
          from users u
         where u.company_id = ${row.companyId} and u.id in (select user_id from (${reachSql(row.companyId, row.id)}) reach) ${search}
         order by lower(u.first_name) ${direction}, lower(u.last_name) ${direction}, u.id
         limit ${page_size} offset ${(page - 1) * page_size}`);
      const ids = people.map((p) => p.id);
      const reach = ids.length
        ? await queryRows<ReachRow>(
            db(),
            sql`select * from (${reachSql(row.companyId, row.id)}) reach where user_id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )}) order by role, group_name`,
          )
        : [];
      return {
        total: people[0]?.total ?? 0,
        items: people.map((p) => ({
          user_id: p.id,
          email: p.email,
          first_name: p.first_name,
          last_name: p.last_name,
          roles: reach
            .filter((r) => r.user_id === p.id)
            .map((r) => ({
              name: r.role,
              via: r.via,
              resource_group: r.group_id ? { id: r.group_id, name: r.group_name!, group_type: r.group_type! } : null,
            })),
        })),
      };
    },
  );

  app.get(
    "/applications/:id/role-assignments",
    {
      schema: {
        tags: ["applications"],
        summary: "The roles granted on this application alone",
        params: applicationIdParamsSchema,
        response: { 200: applicationGrantListResponseSchema, ...problemResponses },
      },
    },
    async (request) => grantsOf(db(), (await findApplication(db(), request, request.params.id)).row.id),
  );

  app.put(
    "/applications/:id/role-assignments",
    {
      schema: {
        tags: ["applications"],
        summary: "Grant a user a role on this application (Administrators)",
        params: applicationIdParamsSchema,
        body: applicationGrantBodySchema,
        response: { 200: applicationGrantListResponseSchema, ...problemResponses },
      },
      preParsing: checkRecord(applicationIdParamsSchema, (request, params) => findApplication(db(), request, params.id, "manage", "Only an Administrator can grant roles on an application.")),
    },
    async (request) => {
      const { row } = await findApplication(db(), request, request.params.id, "manage", "Only an Administrator can grant roles on an application.");
      const { user_id, role_id } = request.body;
      const [user] = await db()
        .select()
        .from(users)
        .where(and(eq(users.id, user_id), eq(users.companyId, row.companyId)));
      if (!user) throw notFound("User");
      const [role] = await db().select().from(roles).where(eq(roles.id, role_id));
      if (!role) throw notFound("Role");
      if (!(APPROVAL_ROLES as readonly string[]).includes(role.name)) {
        throw badRequest("Only the application roles can be granted on one application.", [{ path: "role_id", message: "Not an application role." }]);
      }
      await db().transaction(async (tx) => {
        const added = await tx
          .insert(applicationRoleAssignments)
          .values({ companyId: row.companyId, applicationId: row.id, userId: user.id, roleId: role.id })
          .onConflictDoNothing()
          .returning({ id: applicationRoleAssignments.id });
        if (added.length) {
          await recordAudit(tx, actorOf(request.user), {
            entityType: "application",
            entityId: row.id,
            action: "role.granted",
            after: { user_id: user.id, user: `${user.firstName} ${user.lastName}`, role: role.name },
          });
        }
      });
      return grantsOf(db(), row.id);
    },
  );

  app.delete(
    "/applications/:id/role-assignments",
    {
      schema: {
        tags: ["applications"],
        summary: "Take back a role granted on this application (Administrators)",
        params: applicationIdParamsSchema,
        querystring: applicationGrantQuerySchema,
        response: { 204: z.null(), ...problemResponses },
      },
    },
    async (request, reply) => {
      const { row } = await findApplication(db(), request, request.params.id, "manage", "Only an Administrator can take back roles on an application.");
      const { user_id, role_id } = request.query;
      await db().transaction(async (tx) => {
        const removed = await tx
          .delete(applicationRoleAssignments)
          .where(
            and(
              eq(applicationRoleAssignments.applicationId, row.id),
              eq(applicationRoleAssignments.userId, user_id),
              eq(applicationRoleAssignments.roleId, role_id),
            ),
          )
          .returning({ id: applicationRoleAssignments.id });
        if (removed.length) {
          await recordAudit(tx, actorOf(request.user), {
            entityType: "application",
            entityId: row.id,
            action: "role.revoked",
            before: { user_id, role_id },
          });
        }
      });
      return reply.code(204).send(null);
    },
  );
}
