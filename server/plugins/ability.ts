import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ZodType } from "zod";
import { type Action, type AppAbility, type Subject } from "../../domain/access/abilities";
import { forbidden } from "./problem";

declare module "fastify" {
  interface FastifyRequest {
    /** What the signed-in caller may do (domain/access/abilities.ts); set by `authenticate` on protected routes. */
    ability: AppAbility;
  }
}

/** Throws 403 problem+json unless the caller's ability allows the action. */
export function assertCan(request: FastifyRequest, action: Action, subject: Subject, detail?: string) {
  if (!request.ability?.can(action, subject)) throw forbidden(detail);
}

/**
 * Declares `request.ability`; `authenticate` builds it with the caller in the onRequest phase, so route
 * checks can run in preParsing, before any body is read or validated. Public routes have none.
 */
export default fp(
  async function ability(app: FastifyInstance) {
    app.decorateRequest("ability", null as unknown as AppAbility);
  },
  { name: "ability", dependencies: ["auth"] },
);

/**
 * A preParsing hook for a check that needs the route's record (404 for another company's id, 403 without
 * the right on it): it runs on the parsed params before the body is read, so a caller who may not touch
 * the record never learns the body's shape. Malformed params are left to the route's own validation.
 */
export function checkRecord<P>(paramsSchema: ZodType<P>, check: (request: FastifyRequest, params: P) => Promise<unknown>) {
  return async (request: FastifyRequest) => {
    const params = paramsSchema.safeParse(request.params);
    if (params.success) await check(request, params.data);
  };
}
