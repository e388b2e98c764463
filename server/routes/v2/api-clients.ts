import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { problemSchema } from "../../../domain/api/problem";
import {
  apiClientCreateSchema,
  apiClientCreatedSchema,
  apiClientIdParamsSchema,
  apiClientListQuerySchema,
  apiClientListResponseSchema,
  apiClientSchema,
  type ApiClient,
} from "../../../domain/entities/api-client";
import { actorOf, recordAudit } from "../../audit/record";
import type { Db } from "../../db/client";
import { apiClients, resourceGroups, roles, users } from "../../db/schema";
import { likePattern } from "../../db/search";
import { IdentityAdminError, type NewApiClientCredentials } from "../../identity/admin";
import { assertCan } from "../../plugins/ability";
import { HttpProblem, notFound, problemResponses } from "../../plugins/problem";
import { listTotal } from "../../db/list-total";

const AUDIT_ENTITY = "api_client";

/** One query shape for list and get: the client with its role, group and creator's name. */
function selectClients(db: Db) {
  return db
    .select({
      client: apiClients,
      roleName: roles.name,
      groupName: resourceGroups.name,
      groupType: resourceGroups.groupType,
      creatorFirst: users.firstName,
      creatorLast: users.lastName,
    })
    .from(apiClients)
    .innerJoin(roles, eq(roles.id, apiClients.roleId))
    .innerJoin(resourceGroups, eq(resourceGroups.id, apiClients.resourceGroupId))
    .leftJoin(users, eq(users.id, apiClients.createdBy));
}

type ClientRow = Awaited<ReturnType<ReturnType<typeof selectClients>["where"]>>[number];

/** Never the secret or its hash: those leave the server only once, in the POST answer. */
function toApiClient(row: ClientRow): ApiClient {
  const { client } = row;
  return {
    id: client.id,
    name: client.name,
    client_id: client.clientId,
    role: { id: client.roleId, name: row.roleName },
    resource_group: { id: client.resourceGroupId, name: row.groupName, group_type: row.groupType },
    created_at: client.createdAt.toISOString(),
    created_by: row.creatorFirst === null ? null : `${row.creatorFirst} ${row.creatorLast ?? ""}`.trim(),
    last_used_at: client.lastUsedAt?.toISOString() ?? null,
    revoked_at: client.revokedAt?.toISOString() ?? null,
  };
}

/** The client with this id in the caller's company; another company's is "not found", never "forbidden". */
async function findClient(db: Db, companyId: string, id: string): Promise<ClientRow> {
  const [row] = await selectClients(db).where(and(eq(apiClients.id, id), eq(apiClients.companyId, companyId)));
  if (!row) throw notFound("API client");
  return row;
}

function sortOrder(sort: string | undefined): SQL[] {
  const descending = sort?.startsWith("-") ?? false;
  const key = sort?.replace(/^-/, "") ?? "name";
  const dir = descending ? desc : asc;
  const column =
    key === "created_at"
      ? dir(apiClients.createdAt)
      : key === "last_used_at"
        ? // Never-used clients sort as the oldest use, whichever the direction.
          sql`${apiClients.lastUsedAt} ${sql.raw(descending ? "desc nulls last" : "asc nulls first")}`
        : dir(sql`lower(${apiClients.name})`);
  return [column, asc(apiClients.id)];
}

/** API Access (spec §7 Access): machine clients with one role on one group. Administrator only, inside the caller's company. */
export default async function apiClientRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;
  const companyOf = (request: FastifyRequest) => request.user.companyId;
  const problems = { ...problemResponses, 503: problemSchema };

  app.addHook("preParsing", async (request) => {
    assertCan(request, "manage", "ApiClient", "Only an Administrator can manage API clients.");
  });

  app.get(
    "/access/api-clients",
    {
      schema: {
        tags: ["access"],
        summary: "The company's API clients (revoked ones only with include_revoked=true)",
        querystring: apiClientListQuerySchema,
        response: { 200: apiClientListResponseSchema, ...problems },
      },
    },
    async (request) => {
      const { page, page_size, sort, q, include_revoked } = request.query;
      const filters: SQL[] = [eq(apiClients.companyId, companyOf(request))];
      if (include_revoked !== "true") filters.push(isNull(apiClients.revokedAt));
      if (q) filters.push(or(ilike(apiClients.name, likePattern(q)), ilike(apiClients.clientId, likePattern(q)))!);
      const where = and(...filters);
      const totals = await listTotal(db(), apiClients, where);
      const rows = await selectClients(db())
        .where(where)
        .orderBy(...sortOrder(sort))
        .limit(page_size)
        .offset((page - 1) * page_size);
      return { items: rows.map(toApiClient), ...totals };
    },
  );

  app.get(
    "/access/api-clients/:api_client_id",
    {
      schema: {
        tags: ["access"],
        summary: "One API client",
        params: apiClientIdParamsSchema,
        response: { 200: apiClientSchema, ...problems },
      },
    },
    async (request) => toApiClient(await findClient(db(), companyOf(request), request.params.api_client_id)),
  );

  app.post(
    "/access/api-clients",
    {
      schema: {
        tags: ["access"],
        summary: "Create an API client; the answer is the only time its secret is shown",
        body: apiClientCreateSchema,
        response: { 201: apiClientCreatedSchema, ...problems },
      },
    },
    async (request, reply) => {
      const companyId = companyOf(request);
      const { name, role_id, resource_group_id } = request.body;
      const [role] = await db().select({ id: roles.id }).from(roles).where(eq(roles.id, role_id));
      if (!role) throw notFound("Role");
      const [group] = await db()
        .select({ id: resourceGroups.id })
        .from(resourceGroups)
        .where(and(eq(resourceGroups.id, resource_group_id), eq(resourceGroups.companyId, companyId)));
      if (!group) throw notFound("Resource group");

      let credentials: NewApiClientCredentials;
      try {
        credentials = await root.identity.admin.createApiClient(name);
      } catch (error) {
        // A configuration gap, not a fault: say what is missing rather than a bare 500.
        if (error instanceof IdentityAdminError && error.problem === "api_clients_unavailable") throw new HttpProblem(503, error.message);
        throw error;
      }
      const creator = request.user.actor === "user" ? request.user.id : null;
      let id: string;
      try {
        id = await db().transaction(async (tx) => {
          const [row] = await tx
            .insert(apiClients)
            .values({ companyId, name, clientId: credentials.clientId, secretHash: credentials.secretHash, roleId: role_id, resourceGroupId: resource_group_id, createdBy: creator })
            .returning();
          await recordAudit(tx, actorOf(request.user), {
            entityType: AUDIT_ENTITY,
            entityId: row.id,
            action: "api_client.created",
            after: { name, client_id: row.clientId, role_id, resource_group_id },
          });
          return row.id;
        });
      } catch (error) {
        // Do not leave an identity-side client that no row knows of (Cognito mode).
        await root.identity.admin.deleteApiClient(credentials.clientId).catch(() => {});
        throw error;
      }
      const created = toApiClient(await findClient(db(), companyId, id));
      reply.header("cache-control", "no-store");
      return reply.code(201).send({ ...created, client_secret: credentials.clientSecret, token_url: credentials.tokenUrl });
    },
  );

  app.delete(
    "/access/api-clients/:api_client_id",
    {
      schema: {
        tags: ["access"],
        summary: "Revoke an API client: its tokens stop working at once; it stays listed as revoked",
        params: apiClientIdParamsSchema,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      const current = await findClient(db(), companyOf(request), request.params.api_client_id);
      if (!current.client.revokedAt) {
        await db().transaction(async (tx) => {
          const revoked = await tx
            .update(apiClients)
            .set({ revokedAt: new Date() })
            .where(and(eq(apiClients.id, current.client.id), isNull(apiClients.revokedAt)))
            .returning({ revokedAt: apiClients.revokedAt });
          // A concurrent revoke won: nothing left to do.
          if (revoked.length === 0) return;
          await recordAudit(tx, actorOf(request.user), {
            entityType: AUDIT_ENTITY,
            entityId: current.client.id,
            action: "api_client.revoked",
            before: { revoked_at: null },
            after: { revoked_at: revoked[0].revokedAt!.toISOString() },
          });
          // Inside the transaction: if the identity store refuses, the row stays unrevoked and a retry works.
          await root.identity.admin.deleteApiClient(current.client.clientId);
        });
      }
      return reply.code(204).send(null);
    },
  );
}
