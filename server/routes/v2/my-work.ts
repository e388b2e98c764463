import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { myWorkResponseSchema } from "../../../domain/entities/my-work";
import { myWork } from "../../my-work/sources";
import { forbidden, problemResponses } from "../../plugins/problem";

/** Everything waiting for the signed-in user, most urgent first. */
export default async function myWorkRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/my-work",
    { schema: { tags: ["dashboard"], summary: "What waits for the caller, most urgent first", response: { 200: myWorkResponseSchema, ...problemResponses } } },
    async (request) => {
      if (request.user.actor !== "user") throw forbidden("API clients have no work list.");
      return myWork(root.db, request);
    },
  );
}
