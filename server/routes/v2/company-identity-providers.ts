import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  identityProviderIdParamsSchema,
  identityProviderInputSchema,
  identityProviderListQuerySchema,
  identityProviderListResponseSchema,
  identityProviderSchema,
  providerTestIdParamsSchema,
  providerTestInputSchema,
  providerTestSchema,
  ssoDomainParamsSchema,
  ssoDomainSchema,
} from "../../../domain/entities/identity-provider";
import { problemSchema } from "../../../domain/api/problem";
import { actorOf } from "../../audit/record";
import { assertCan, checkRecord } from "../../plugins/ability";
import { expectedVersions, withEtag, WRITE_PRECONDITION } from "../../plugins/concurrency";
import { badRequest, problemResponses, versionedWriteResponses } from "../../plugins/problem";

const tags = ["company"];

/** Manage Company → corporate sign-in: the company's identity providers and their connection tests (Administrators). */
export default async function companyIdentityProviderRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const sso = () => root.sso;
  const companyOf = (request: FastifyRequest) => request.user.companyId;

  app.addHook("preParsing", async (request) => {
    assertCan(request, "update", "Company", "Only an Administrator can manage corporate sign-in.");
  });

  app.get(
    "/company/identity-providers",
    {
      schema: {
        tags,
        summary: "The company's corporate identity providers",
        querystring: identityProviderListQuerySchema,
        response: { 200: identityProviderListResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      const all = await sso().providers.list(companyOf(request));
      if (request.query.sort === "-name") all.reverse();
      const { page, page_size } = request.query;
      return { items: all.slice((page - 1) * page_size, page * page_size), total: all.length };
    },
  );

  app.post(
    "/company/identity-providers",
    {
      schema: {
        tags,
        summary: "Add an identity provider (OpenID Connect; SAML with Amazon Cognito) for some e-mail domains",
        body: identityProviderInputSchema,
        response: { 201: identityProviderSchema, ...problemResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await sso().admin.create(actorOf(request.user), request.body)),
  );

  const findProvider = (request: FastifyRequest, params: { id: string }) => sso().providers.find(companyOf(request), params.id);

  app.get(
    "/company/identity-providers/:id",
    {
      schema: { tags, summary: "One identity provider (never its client secret)", params: identityProviderIdParamsSchema, response: { 200: identityProviderSchema, ...problemResponses } },
    },
    async (request, reply) => withEtag(reply, await sso().providers.view(await findProvider(request, request.params))),
  );

  app.put(
    "/company/identity-providers/:id",
    {
      schema: {
        tags,
        summary: "Change an identity provider; leave client_secret out to keep the stored one",
        description: WRITE_PRECONDITION,
        params: identityProviderIdParamsSchema,
        body: identityProviderInputSchema,
        response: { 200: identityProviderSchema, ...versionedWriteResponses },
      },
      preParsing: checkRecord(identityProviderIdParamsSchema, findProvider),
    },
    async (request, reply) => {
      const current = await findProvider(request, request.params);
      return withEtag(reply, await sso().admin.update(actorOf(request.user), current, request.body, expectedVersions(request)));
    },
  );

  app.delete(
    "/company/identity-providers/:id",
    {
      schema: { tags, summary: "Remove an identity provider and free its domains", params: identityProviderIdParamsSchema, response: { 204: z.null(), ...problemResponses } },
    },
    async (request, reply) => {
      await sso().admin.delete(actorOf(request.user), await findProvider(request, request.params));
      return reply.code(204).send(null);
    },
  );

  app.post(
    "/company/identity-providers/:id/domains/:domain/verify",
    {
      schema: {
        tags,
        summary: "Verify that the company holds an e-mail domain of the provider: looks up its DNS TXT record steward-verification=<token>",
        description:
          "Until verified a domain is pending and routes no one to the provider. Answers 422 with what is missing when the record is not found (the domain goes back to pending), and 409 when another company has verified the domain.",
        params: ssoDomainParamsSchema,
        response: { 200: ssoDomainSchema, ...problemResponses, 422: problemSchema },
      },
    },
    async (request) => sso().domains.verify(actorOf(request.user), await findProvider(request, request.params), request.params.domain),
  );

  app.post(
    "/company/identity-providers/test",
    {
      schema: {
        tags,
        summary: "Test provider settings before saving them: discovery, keys, redirect URI, then a sign-in round trip",
        body: providerTestInputSchema,
        response: { 201: providerTestSchema, ...problemResponses },
      },
    },
    async (request, reply) => {
      const { issuer_url, client_id, client_secret, provider_id } = request.body;
      const stored = provider_id ? sso().providers.storedSecret(await sso().providers.find(companyOf(request), provider_id)) : null;
      const secret = client_secret ?? stored;
      if (!secret) throw badRequest("Enter the client secret to test with.", [{ path: "client_secret", message: "validation.required" }]);
      const test = await sso().tests.start(companyOf(request), request.user.actor === "user" ? request.user.id : null, { issuerUrl: issuer_url, clientId: client_id, clientSecret: secret });
      return reply.code(201).send(test);
    },
  );

  app.get(
    "/company/identity-providers/test/:test_id",
    {
      schema: { tags, summary: "A connection test's steps so far", params: providerTestIdParamsSchema, response: { 200: providerTestSchema, ...problemResponses } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return sso().tests.read(companyOf(request), request.params.test_id);
    },
  );
}
