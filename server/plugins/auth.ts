import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { resourceGroups, roleAssignments, roles, users } from "../db/schema";
import type { CurrentUser } from "../identity/caller";
import { TokenError, type AccessClaims, type TokenProblem } from "../identity/verifier";
import { defineAbilityFor } from "../../domain/access/abilities";
import { loadApiClientCaller } from "./api-client-caller";
import { sendProblem } from "./errors";
import { AddressBudget } from "./address-budget";
import { FederatedUserRefused } from "../identity/sso/provisioning";
import { acceptedLanguage } from "../i18n/texts";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by `app.authenticate` on every protected route; do not read it on public ones. */
    user: CurrentUser;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid bearer access token of a known user, else 401 problem+json. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
}

/**
 * One round trip: the user left-joined to their assignments (a user without roles gives one row of nulls). A
 * group is known by its id: its applications are never loaded here, the rules and queries name the group.
 */
export async function loadCurrentUser(db: Db, sub: string): Promise<CurrentUser | null> {
  const rows = await db
    .select({
      user: users,
      role: roles.name,
      groupId: resourceGroups.id,
      groupName: resourceGroups.name,
      groupType: resourceGroups.groupType,
      applicationRoles: sql<Array<{ name: string; application_id: string }>>`(select coalesce(json_agg(json_build_object('name', ar.name, 'application_id', ara.application_id) order by ara.application_id, ar.name), '[]'::json) from application_role_assignments ara join roles ar on ar.id = ara.role_id where ara.user_id = ${users.id})`,
    })
    .from(users)
    .leftJoin(roleAssignments, eq(roleAssignments.userId, users.id))
    .leftJoin(roles, eq(roles.id, roleAssignments.roleId))
    .leftJoin(resourceGroups, eq(resourceGroups.id, roleAssignments.resourceGroupId))
    .where(eq(users.sub, sub))
    .orderBy(asc(roles.name), asc(resourceGroups.name));
  if (rows.length === 0) return null;
  const { user } = rows[0];
  return {
    actor: "user",
    id: user.id,
    sub: user.sub,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    language: user.language,
    analytics_opt_out: user.analyticsOptOut,
    companyId: user.companyId,
    roles: rows.flatMap((r) =>
      r.role && r.groupId && r.groupName && r.groupType
        ? [{ name: r.role, resource_group: { id: r.groupId, name: r.groupName, group_type: r.groupType } }]
        : [],
    ),
    application_roles: rows[0].applicationRoles,
  };
}

const DETAILS: Record<TokenProblem | "missing" | "unknown_user" | "unknown_client", string> = {
  missing: "Sign in: this request needs a bearer access token.",
  invalid: "The access token is not valid.",
  expired: "The access token has expired.",
  revoked: "The session of this access token has ended; sign in again.",
  unavailable: "The access token cannot be checked right now.",
  unknown_user: "No Steward user belongs to this sign-in.",
  unknown_client: "This API client does not exist or has been revoked.",
};
/** Tokens are ~1 KB; anything far longer is refused without parsing. */
const MAX_TOKEN_LENGTH = 16_384;

function refuse(reply: FastifyReply, reason: keyof typeof DETAILS, failures: AddressBudget) {
  // Refused calls never reach the per-caller limit (there is no caller yet), so they are counted per
  // address here: token guessing slows to the same pace. Valid tokens from that address still pass.
  const retryAfter = failures.spend(reply.request.ip);
  if (retryAfter > 0) {
    reply.header("Retry-After", String(retryAfter));
    return sendProblem(reply, 429, `Too many requests without a valid access token from this address. Try again in ${retryAfter} s.`);
  }
  // RFC 6750: say which scheme, and that the presented token (if any) was the problem.
  const challenge = reason === "missing" ? 'Bearer realm="steward"' : `Bearer realm="steward", error="invalid_token"`;
  reply.header("WWW-Authenticate", challenge);
  return sendProblem(reply, 401, DETAILS[reason]);
}

/** Verifies bearer tokens for /v2 (every /v2 route but the docs needs one) with the identity plugin's verifier, then loads the API user. */
export default fp(
  async function auth(app: FastifyInstance) {
    app.decorateRequest("user", null as unknown as CurrentUser);
    const failures = new AddressBudget(app.config.RATE_LIMIT_MAX);
    const unauthorized = (reply: FastifyReply, reason: keyof typeof DETAILS) => refuse(reply, reason, failures);
    app.decorate("authenticate", async function authenticate(request: FastifyRequest, reply: FastifyReply) {
      const match = /^Bearer +([^\s]+) *$/i.exec(request.headers.authorization ?? "");
      if (!match) return unauthorized(reply, "missing");
      if (match[1].length > MAX_TOKEN_LENGTH) return unauthorized(reply, "invalid");
      let claims: AccessClaims;
      try {
        claims = await app.identity.verifier.verify(match[1]);
      } catch (error) {
        if (!(error instanceof TokenError)) throw error;
        if (error.problem === "unavailable") {
          request.log.warn("token verification unavailable (identity provider keys unreachable)");
          return sendProblem(reply, 503, DETAILS.unavailable);
        }
        return unauthorized(reply, error.problem);
      }
      if (claims.kind === "api_client") {
        // Looked up on every request, so a revoked client's unexpired tokens are refused at once.
        const client = await loadApiClientCaller(app.db, claims.client_id);
        if (!client) return unauthorized(reply, "unknown_client");
        request.user = client;
        request.ability = defineAbilityFor(client);
        return;
      }
      let user = await loadCurrentUser(app.db, claims.sub);
      if (!user && app.sso.firstSignIn) {
        try {
          if (await app.sso.firstSignIn(claims, match[1])) user = await loadCurrentUser(app.db, claims.sub);
        } catch (error) {
          if (!(error instanceof FederatedUserRefused)) throw error;
          reply.header("WWW-Authenticate", `Bearer realm="steward", error="invalid_token"`);
          return sendProblem(reply, 401, error.wording(acceptedLanguage(request)));
        }
      }
      if (!user) return unauthorized(reply, "unknown_user");
      request.user = user;
      // Known before the body is parsed, so every route can refuse a caller before it looks at the input.
      request.ability = defineAbilityFor(user);
    });
  },
  { name: "auth", dependencies: ["db", "identity", "sso"] },
);
