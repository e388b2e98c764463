import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { listResponseSchema } from "../../../domain/api/list";
import { applicationIdParamsSchema } from "../../../domain/entities/application";
import { TESTING_ERRORS } from "../../../domain/entities/testing-task";
import { modelEndpointInputSchema, modelEndpointSchema } from "../../../domain/entities/model-endpoint";
import { findApplication } from "../../applications/store";
import { actorOf } from "../../audit/record";
import { checkRecord } from "../../plugins/ability";
import { expectedVersions, withEtag, WRITE_PRECONDITION } from "../../plugins/concurrency";
import { notFound, problemResponses, versionedWriteResponses } from "../../plugins/problem";
import { checkEndpoint, endpointCheckBodySchema, endpointCheckSchema, latestPopulation } from "../../testing/endpoint/check";
import { assertCallable } from "../../testing/endpoint/save-policy";
import { deleteEndpoint, findEndpoint, saveEndpoint, toModelEndpoint } from "../../testing/endpoint/store";
import { tokenCipher } from "../../files/secret-cipher";

const CAN_WRITE = "Only a contributor or an administrator of the application can change or check its model endpoint.";
const NO_ENDPOINT = "Model endpoint";

/**
 * The model an application's synthetic fairness tests call. Everyone who reaches the application reads it
 * (never its token: `has_token` says whether one is stored); its contributors and administrators save,
 * check and remove it. Saving applies the call policy (MODEL_ENDPOINT_ALLOWLIST, no private addresses).
 */
export default async function modelEndpointRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;
  const path = "/applications/:id/testing/endpoint";
  const writer = checkRecord(applicationIdParamsSchema, (request, params) => findApplication(db(), request, params.id, "update", CAN_WRITE));

  app.get(
    path,
    {
      schema: {
        tags: ["testing"],
        summary: "The application's model endpoint (404 when none is registered); the token is never answered",
        params: applicationIdParamsSchema,
        response: { 200: modelEndpointSchema, ...problemResponses },
      },
    },
    async (request, reply) => {
      const { row: application } = await findApplication(db(), request, request.params.id);
      const endpoint = await findEndpoint(db(), application.companyId, application.id);
      if (!endpoint) throw notFound(NO_ENDPOINT);
      return withEtag(reply, toModelEndpoint(endpoint));
    },
  );

  app.get(
    "/applications/:id/testing/endpoints",
    {
      schema: {
        tags: ["testing"],
        summary: "The application's model endpoints as a list: empty while none is registered, else the one that is",
        description: "For a client that shows \"none yet\" as a state: the same endpoint as GET …/testing/endpoint, without a 404 when there is none.",
        params: applicationIdParamsSchema,
        response: { 200: listResponseSchema(modelEndpointSchema), ...problemResponses },
      },
    },
    async (request) => {
      const { row: application } = await findApplication(db(), request, request.params.id);
      const endpoint = await findEndpoint(db(), application.companyId, application.id);
      const items = endpoint ? [toModelEndpoint(endpoint)] : [];
      return { items, total: items.length };
    },
  );

  app.put(
    path,
    {
      schema: {
        tags: ["testing"],
        summary: "Register or replace the model endpoint: its URL must be allowed by MODEL_ENDPOINT_ALLOWLIST (400 naming `url` and why otherwise)",
        description: `A token sent replaces the stored one (kept encrypted), null removes it, absent keeps it. ${WRITE_PRECONDITION}`,
        params: applicationIdParamsSchema,
        body: modelEndpointInputSchema,
        response: { 200: modelEndpointSchema, ...versionedWriteResponses },
      },
      preParsing: writer,
    },
    async (request, reply) => {
      const { row: application } = await findApplication(db(), request, request.params.id, "update", CAN_WRITE);
      const expected = expectedVersions(request);
      await assertCallable(request.body.url, root.config);
      const cipher = await tokenCipher(root.config);
      const saved = await saveEndpoint(db(), actorOf(request.user), application.id, request.body, cipher, expected);
      return withEtag(reply, toModelEndpoint(saved));
    },
  );

  app.delete(
    path,
    {
      schema: {
        tags: ["testing"],
        summary: "Remove the model endpoint and its token",
        description: WRITE_PRECONDITION,
        params: applicationIdParamsSchema,
        response: { 204: z.null(), ...versionedWriteResponses },
      },
    },
    async (request, reply) => {
      const { row: application } = await findApplication(db(), request, request.params.id, "update", CAN_WRITE);
      if (!(await deleteEndpoint(db(), actorOf(request.user), application.id, expectedVersions(request)))) throw notFound(NO_ENDPOINT);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${path}/check`,
    {
      schema: {
        tags: ["testing"],
        summary: "Send the endpoint one small batch (the first rows of the given population, else of the latest synthetic test's) and say whether it answered usably",
        params: applicationIdParamsSchema,
        body: endpointCheckBodySchema,
        response: { 200: endpointCheckSchema, ...problemResponses },
      },
      preParsing: writer,
    },
    async (request) => {
      const { row: application } = await findApplication(db(), request, request.params.id, "update", CAN_WRITE);
      const endpoint = await findEndpoint(db(), application.companyId, application.id);
      if (!endpoint) return { ok: false, error: TESTING_ERRORS.endpointMissing, instances: 0 };
      const population = request.body?.population ?? (await latestPopulation(db(), application.companyId, application.id));
      return checkEndpoint(endpoint, root.config, population);
    },
  );
}
