import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { myWorkCountsSchema, myWorkQuerySchema, myWorkResponseSchema } from "../../../domain/entities/my-work";
import { myWorkCounts, myWorkPage } from "../../my-work/sources";
import { forbidden, problemResponses } from "../../plugins/problem";

function assertPerson(request: FastifyRequest) {
  if (request.user.actor !== "user") throw forbidden("API clients have no work list.");
}

/** What waits for the signed-in user: a page of it, most urgent first, and how much of each kind. */
export default async function myWorkRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/my-work",
    {
      schema: {
        tags: ["dashboard"],
        summary: "A page of what waits for the caller, of some kinds or all, most urgent first",
        querystring: myWorkQuerySchema,
        response: { 200: myWorkResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      assertPerson(request);
      return myWorkPage(root.db, request, request.query);
    },
  );

  app.get(
    "/my-work/counts",
    {
      schema: {
        tags: ["dashboard"],
        summary: "How many items of each kind wait for the caller (the kinds with work, most urgent first)",
        response: { 200: myWorkCountsSchema, ...problemResponses },
      },
    },
    async (request) => {
      assertPerson(request);
      return myWorkCounts(root.db, request);
    },
  );
}
