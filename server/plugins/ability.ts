import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { defineAbilityFor, type Action, type AppAbility, type Subject } from "../../domain/access/abilities";
import { forbidden } from "./problem";

declare module "fastify" {
  interface FastifyRequest {
    /** What the signed-in caller may do (domain/access/abilities.ts); set on protected routes after `authenticate`. */
    ability: AppAbility;
  }
}

/** Throws 403 problem+json unless the caller's ability allows the action. */
export function assertCan(request: FastifyRequest, action: Action, subject: Subject, detail?: string) {
  if (!request.ability?.can(action, subject)) throw forbidden(detail);
}

/**
 * Builds `request.ability` from `request.user` once per request. A preHandler runs after the
 * protected scope's onRequest `authenticate`, so the user is known; public routes have none and get none.
 */
export default fp(
  async function ability(app: FastifyInstance) {
    app.decorateRequest("ability", null as unknown as AppAbility);
    app.addHook("preHandler", async (request) => {
      if (request.user) request.ability = defineAbilityFor(request.user);
    });
  },
  { name: "ability", dependencies: ["auth"] },
);
