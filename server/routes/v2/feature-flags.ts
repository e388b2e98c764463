import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  featureFlagCreateSchema,
  featureFlagKeyParamsSchema,
  featureFlagListResponseSchema,
  featureFlagPatchSchema,
  featureFlagSchema,
} from "../../../domain/flags/schemas";
import { changeFeatureFlag, createFeatureFlag, deleteFeatureFlag, findFeatureFlag, listFeatureFlags } from "../../flags/store";
import { assertCan, checkRecord } from "../../plugins/ability";
import { expectedVersions, withEtag, WRITE_PRECONDITION } from "../../plugins/concurrency";
import { problemResponses, versionedWriteResponses } from "../../plugins/problem";

/** Admin → Feature flags: the product's flags and the company's own, served to both sides over OFREP. Administrators only. */
export default async function featureFlagRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  app.addHook("preParsing", async (request) => {
    assertCan(request, "manage", "FeatureFlag", "Only an Administrator can manage feature flags.");
  });

  app.get(
    "/feature-flags",
    {
      schema: {
        tags: ["feature-flags"],
        summary: "The company's feature flags: the product's own (at their default until changed), then the company's by key",
        response: { 200: featureFlagListResponseSchema, ...problemResponses },
      },
    },
    async (request) => listFeatureFlags(db(), request.user.companyId),
  );

  app.get(
    "/feature-flags/:key",
    {
      schema: {
        tags: ["feature-flags"],
        summary: "One feature flag, with its version as the ETag",
        params: featureFlagKeyParamsSchema,
        response: { 200: featureFlagSchema, ...problemResponses },
      },
    },
    async (request, reply) => withEtag(reply, await findFeatureFlag(db(), request.user.companyId, request.params.key)),
  );

  app.post(
    "/feature-flags",
    {
      schema: {
        tags: ["feature-flags"],
        summary: "Add a flag of the company's own (the key is unique in the company; the product's keys are taken)",
        body: featureFlagCreateSchema,
        response: { 201: featureFlagSchema, ...problemResponses },
      },
    },
    async (request, reply) => reply.code(201).send(withEtag(reply, await createFeatureFlag(db(), request.user, request.body))),
  );

  app.patch(
    "/feature-flags/:key",
    {
      schema: {
        tags: ["feature-flags"],
        summary: "Change a flag: on/off, description, the roles and the share of users it is on for",
        description: `A product flag at its default has version 0. ${WRITE_PRECONDITION}`,
        params: featureFlagKeyParamsSchema,
        body: featureFlagPatchSchema,
        response: { 200: featureFlagSchema, ...versionedWriteResponses },
      },
      // Another company's key is a 404 before the body is read.
      preParsing: checkRecord(featureFlagKeyParamsSchema, (request, params) => findFeatureFlag(db(), request.user.companyId, params.key)),
    },
    async (request, reply) => {
      const expected = expectedVersions(request);
      return withEtag(reply, await changeFeatureFlag(db(), request.user, request.params.key, request.body, expected));
    },
  );

  app.delete(
    "/feature-flags/:key",
    {
      schema: {
        tags: ["feature-flags"],
        summary: "Delete a flag of the company's own, or put a product flag back to its default",
        params: featureFlagKeyParamsSchema,
        response: { 204: z.null(), ...problemResponses },
      },
    },
    async (request, reply) => {
      await deleteFeatureFlag(db(), request.user, request.params.key);
      return reply.code(204).send(null);
    },
  );
}
