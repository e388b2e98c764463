import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { problemSchema } from "../../../domain/api/problem";
import {
  apiClientCreateSchema,
  apiClientCreatedSchema,
  apiClientIdParamsSchema,
  apiClientListQuerySchema,
  apiClientListResponseSchema,
  apiClientSchema,
} from "../../../domain/entities/api-client";
import { apiClientList, assertRoleAndGroup, findClient, insertApiClient, listApiClients, revokeApiClient, toApiClient } from "../../access/api-clients";
import { API_CLIENT_EXPORT_COLUMNS } from "../../access/export-columns";
import { listBatches } from "../../db/list";
import { listExportRoute } from "../../exports/route";
import { IdentityAdminError, type NewApiClientCredentials } from "../../identity/admin";
import { assertCan } from "../../plugins/ability";
import { HttpProblem, problemResponses } from "../../plugins/problem";

/** API Access: machine clients with one role on one group. Administrator only, inside the caller's company. */
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
    async (request) => listApiClients(db(), companyOf(request), request.query),
  );

  listExportRoute(root, {
    url: "/access/api-clients/export",
    tags: ["access"],
    what: "The company's API clients (revoked ones only with include_revoked=true)",
    querystring: apiClientListQuerySchema,
    columns: API_CLIENT_EXPORT_COLUMNS,
    title: "api-clients.title",
    source: (request, query) => ({ name: "api-clients", rows: listBatches(apiClientList(db(), companyOf(request), query), query.sort) }),
  });

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
      await assertRoleAndGroup(db(), companyId, role_id, resource_group_id);

      let credentials: NewApiClientCredentials;
      try {
        credentials = await root.identity.admin.createApiClient(name);
      } catch (error) {
        // A configuration gap, not a fault: say what is missing rather than a bare 500.
        if (error instanceof IdentityAdminError && error.problem === "api_clients_unavailable") throw new HttpProblem(503, error.message);
        throw error;
      }
      let id: string;
      try {
        id = await insertApiClient(db(), request.user, { name, role_id, resource_group_id, clientId: credentials.clientId, secretHash: credentials.secretHash });
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
      await revokeApiClient(db(), request.user, current, () => root.identity.admin.deleteApiClient(current.client.clientId));
      return reply.code(204).send(null);
    },
  );
}
