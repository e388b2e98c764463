import type { FastifyRequest } from "fastify";
import { and, count, desc, eq, gte, isNull, ne, or, sql } from "drizzle-orm";
import type { NotificationList, NotificationListQuery } from "../../domain/entities/notification";
import { scopeOf } from "../access/scope";
import type { Db } from "../db/client";
import { pageOf } from "../db/list";
import { applications, notifications } from "../db/schema";
import { notFound } from "../plugins/problem";
import { notificationText } from "./texts";

const DAY_MS = 86_400_000;

/**
 * The caller's notifications whose subject they can still see (an application may have left their groups). The
 * check is a scalar subquery, looked up by primary key for each notification read: as EXISTS beside an OR, the
 * planner would hash every readable application of the company first.
 */
function visibleTo(db: Db, request: FastifyRequest) {
  const readable = db
    .select({ found: sql`true` })
    .from(applications)
    .where(and(eq(applications.id, notifications.subjectId), scopeOf(request.ability, "read", "Application", applications)))
    .limit(1);
  return and(eq(notifications.userId, request.user.id), or(ne(notifications.subjectType, "application"), sql`(${readable}) is not null`));
}

/** A page of the caller's notifications of the last `days` days, newest first, in their language, with how many there are and how many unread. */
export async function listNotifications(db: Db, request: FastifyRequest, { days, page, page_size }: NotificationListQuery): Promise<NotificationList> {
  const since = new Date(Date.now() - days * DAY_MS);
  const where = and(visibleTo(db, request), gte(notifications.createdAt, since));
  const [{ total, unread }] = await db
    .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)::int` })
    .from(notifications)
    .where(where);
  const { limit, offset } = pageOf({ page, page_size });
  const rows = await db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit).offset(offset);
  return {
    total,
    unread,
    page,
    page_size,
    items: rows.map((n) => ({
      notification_id: n.id,
      notification_text: notificationText(n.kind, n.params, request.user.language),
      notification_link: n.link,
      notification_read: n.readAt !== null,
      notification_timestamp: n.createdAt.toISOString(),
    })),
  };
}

/** Marks one of the caller's visible notifications, or `all` of theirs, as read (404 for one they cannot see). */
export async function markRead(db: Db, request: FastifyRequest, id: string): Promise<void> {
  const unreadOfMine = and(eq(notifications.userId, request.user.id), isNull(notifications.readAt));
  if (id === "all") {
    await db.update(notifications).set({ readAt: new Date() }).where(unreadOfMine);
    return;
  }
  const [mine] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), visibleTo(db, request)));
  if (!mine) throw notFound("Notification");
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), unreadOfMine));
}
