import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { identityLinkConfirmationSchema, identityLinkInputSchema, identityLinkSchema } from "../../../domain/entities/identity-link";
import { userIdParamsSchema } from "../../../domain/entities/user";
import { actorOf } from "../../audit/record";
import { randomValue } from "../../identity/sso/federation";
import { createLink, deleteLink, linkOf, pendingLinkOf } from "../../identity/sso/identity-links";
import { findUser } from "../../access/users";
import { assertCan, checkRecord } from "../../plugins/ability";
import { badRequest, forbidden, HttpProblem, notFound, problemResponses } from "../../plugins/problem";

const COGNITO_REFUSAL =
  "With Amazon Cognito the user pool links a password user to a corporate provider (AdminLinkProviderForUser); Steward does not link accounts itself there.";

/**
 * Linking a password user to corporate sign-in: an Administrator links (Manage Users), the person confirms by
 * signing in at the provider while signed in to Steward with their password.
 */
export default async function accessUserLinkRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const admin = { preParsing: async (request: Parameters<typeof assertCan>[0]) => assertCan(request, "manage", "User", "Only an Administrator can manage users.") };
  const localOnly = () => {
    if (!root.identity.local) throw new HttpProblem(409, COGNITO_REFUSAL);
    return root.identity.local;
  };

  // A user without a link answers null: having none is the usual state, not a missing resource.
  app.get(
    "/access/users/:user_id/identity-link",
    {
      // Another company's user is not found.
      preParsing: [admin.preParsing, checkRecord(userIdParamsSchema, (request, params) => findUser(root.db, request.user.companyId, params.user_id))],
      schema: {
        tags: ["access"],
        summary: "The user's link to corporate sign-in (null when there is none)",
        params: userIdParamsSchema,
        response: { 200: identityLinkSchema.nullable(), ...problemResponses },
      },
    },
    async (request) => linkOf(root.db, request.user.companyId, request.params.user_id),
  );

  app.post(
    "/access/users/:user_id/identity-link",
    {
      // Another company's user is not found before the body is read.
      preParsing: [admin.preParsing, checkRecord(userIdParamsSchema, (request, params) => findUser(root.db, request.user.companyId, params.user_id))],
      schema: {
        tags: ["access"],
        summary: "Link a password user to one of the company's identity providers (pending until the user confirms)",
        params: userIdParamsSchema,
        body: identityLinkInputSchema,
        response: { 201: identityLinkSchema, ...problemResponses },
      },
    },
    async (request, reply) => {
      localOnly();
      const link = await createLink(root.db, actorOf(request.user), request.params.user_id, request.body.provider_id);
      return reply.code(201).send(link);
    },
  );

  app.delete(
    "/access/users/:user_id/identity-link",
    {
      ...admin,
      schema: { tags: ["access"], summary: "Cancel or remove the user's link to corporate sign-in", params: userIdParamsSchema, response: { 204: z.null(), ...problemResponses } },
    },
    async (request, reply) => {
      await deleteLink(root.db, actorOf(request.user), request.params.user_id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/access/user/identity-link",
    { schema: { tags: ["access"], summary: "Your own link to corporate sign-in (null when there is none)", response: { 200: identityLinkSchema.nullable(), ...problemResponses } } },
    async (request) => {
      if (request.user.actor !== "user") throw forbidden("Only a person has a sign-in to link.");
      return linkOf(root.db, request.user.companyId, request.user.id);
    },
  );

  app.post(
    "/access/user/identity-link/confirm",
    {
      schema: {
        tags: ["access"],
        summary: "Confirm your pending link: answers the provider's sign-in page to send your browser to",
        response: { 200: identityLinkConfirmationSchema, ...problemResponses },
      },
    },
    async (request) => {
      if (request.user.actor !== "user") throw forbidden("Only a person has a sign-in to link.");
      const local = localOnly();
      const link = await pendingLinkOf(root.db, request.user.companyId, request.user.id);
      if (!link) throw notFound("Pending link");
      const { providers, federation } = root.sso;
      const provider = await providers.byId(link.providerId);
      const settings = provider?.enabled ? providers.settingsOf(provider) : null;
      if (!provider || !settings) throw badRequest("The identity provider is turned off or not fully set up. Ask your administrator.");
      const config = await federation.configuration(settings).catch((error: Error) => {
        throw new HttpProblem(409, `${provider.name} cannot be reached right now. Try again later. (${error.message})`);
      });
      const upstream = { state: randomValue(), nonce: randomValue(), verifier: randomValue() };
      await local.hostedSignIn.begin({
        providerId: provider.id,
        identityLinkId: link.id,
        clientId: local.clientId,
        redirectUri: `${root.config.publicUrl}/settings`,
        clientState: randomUUID(),
        // No code follows a confirmation, so there is no PKCE challenge of the app's to keep.
        codeChallenge: "-",
        ...upstream,
      });
      return { url: await federation.authorizationUrl(config, { ...upstream, loginHint: request.user.email }) };
    },
  );
}
