import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { and, count, desc, eq, exists, gte, isNull, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import { markReadParamsSchema, notificationDaysParamsSchema, notificationListResponseSchema } from "../../../domain/entities/notification";
import { scopeOf } from "../../access/scope";
import { applications, notifications } from "../../db/schema";
import { notificationText } from "../../notifications/texts";
import { forbidden, notFound, problemResponses } from "../../plugins/problem";

const DAY_MS = 86_400_000;
const db = (request: FastifyRequest) => request.server.db;

/** The caller's notifications whose subject they can still see (an application may have left their groups). */
function visibleTo(request: FastifyRequest) {
  const readable = db(request)
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.id, notifications.subjectId), scopeOf(request.ability, "read", "Application", applications)));
  return and(eq(notifications.userId, request.user.id), or(ne(notifications.subjectType, "application"), exists(readable)));
}

function assertPerson(request: FastifyRequest) {
  if (request.user.actor !== "user") throw forbidden("API clients have no notifications.");
}

/** Spec §7: GET /notifications/{days}, PUT /notifications/mark_read/{id|all}. */
export default async function notificationRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/notifications/:days",
    {
      schema: {
        tags: ["notifications"],
        summary: "The caller's notifications of the last `days` days (1–365), newest first",
        params: notificationDaysParamsSchema,
        response: { 200: notificationListResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      assertPerson(request);
      const since = new Date(Date.now() - request.params.days * DAY_MS);
      const where = and(visibleTo(request), gte(notifications.createdAt, since));
      const [{ total, unread }] = await db(request)
        .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)::int` })
        .from(notifications)
        .where(where);
      const rows = await db(request).select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(200);
      return {
        total,
        unread,
        items: rows.map((n) => ({
          notification_id: n.id,
          notification_text: notificationText(n.kind, n.params, request.user.language),
          notification_link: n.link,
          notification_read: n.readAt !== null,
          notification_timestamp: n.createdAt.toISOString(),
        })),
      };
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
      const { id } = request.params;
      const unreadOfMine = and(eq(notifications.userId, request.user.id), isNull(notifications.readAt));
      if (id === "all") {
        await db(request).update(notifications).set({ readAt: new Date() }).where(unreadOfMine);
      } else {
        const [mine] = await db(request)
          .select({ id: notifications.id })
          .from(notifications)
          .where(and(eq(notifications.id, id), visibleTo(request)));
        if (!mine) throw notFound("Notification");
        await db(request)
          .update(notifications)
          .set({ readAt: new Date() })
          .where(and(eq(notifications.id, id), unreadOfMine));
      }
      return reply.code(204).send(null);
    },
  );
}
