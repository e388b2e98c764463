import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  markReadParamsSchema,
  notificationDaysParamsSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationPageQuerySchema,
} from "../../../domain/entities/notification";
import { listNotifications, markRead } from "../../notifications/store";
import { forbidden, problemResponses } from "../../plugins/problem";

function assertPerson(request: FastifyRequest) {
  if (request.user.actor !== "user") throw forbidden("API clients have no notifications.");
}

/** The caller's notifications: GET /notifications (and /notifications/{days}), PUT /notifications/mark_read/{id|all}. */
export default async function notificationRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/notifications",
    {
      schema: {
        tags: ["notifications"],
        summary: "A page of the caller's notifications of the last `days` days (1–365, 30 by default), newest first",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      assertPerson(request);
      return listNotifications(root.db, request, request.query);
    },
  );

  app.get(
    "/notifications/:days",
    {
      schema: {
        tags: ["notifications"],
        summary: "A page of the caller's notifications of the last `days` days (1–365), newest first",
        params: notificationDaysParamsSchema,
        querystring: notificationPageQuerySchema,
        response: { 200: notificationListResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      assertPerson(request);
      return listNotifications(root.db, request, { days: request.params.days, ...request.query });
    },
  );

  app.put(
    "/notifications/mark_read/:id",
    {
      schema: {
        tags: ["notifications"],
        summary: "Mark one notification, or `all` of them, as read",
        params: markReadParamsSchema,
        response: { 204: z.null(), ...problemResponses },
      },
    },
    async (request, reply) => {
      assertPerson(request);
      await markRead(root.db, request, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
