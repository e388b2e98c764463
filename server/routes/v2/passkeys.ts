import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { passkeyListSchema, type PasskeyList } from "../../../domain/access/passkeys";
import { listPasskeys } from "../../identity/webauthn/credentials";
import { forbidden, problemResponses } from "../../plugins/problem";

/**
 * GET /v2/access/user/passkeys: when each of the caller's passkeys was added and last used, which Settings
 * shows next to Amplify's list. Cognito does not tell last use, so in that mode the answer is empty and
 * Settings shows the date added only.
 */
export default async function passkeyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/access/user/passkeys",
    {
      schema: {
        tags: ["access"],
        summary: "Your own passkeys, with when each was added and last used (local sign-in only)",
        response: { 200: passkeyListSchema, ...problemResponses },
      },
    },
    async (request): Promise<PasskeyList> => {
      if (request.user.actor !== "user") throw forbidden("API clients have no passkeys.");
      const local = root.identity.local;
      if (root.identity.mode !== "local" || !local) return { data: [] };
      const rows = await listPasskeys(local.db, request.user.sub);
      return {
        data: rows.map((p) => ({
          credential_id: p.credentialId,
          name: p.friendlyName,
          created_at: p.createdAt.toISOString(),
          last_used_at: p.lastUsedAt?.toISOString() ?? null,
        })),
      };
    },
  );
}
