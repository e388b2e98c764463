import type { NotificationKind } from "../../domain/entities/notification";
import type { Db } from "../db/client";
import { notifications } from "../db/schema";

export interface NewNotification {
  kind: NotificationKind;
  params: Record<string, string>;
  /** An in-app path, e.g. `/applications/detail/<id>`. */
  link: string;
  subject: { type: "application" | "user"; id: string };
  /** Builds the sweep's idempotency key for one recipient; events leave it out. */
  dedupeKey?: (userId: string) => string;
}

/**
 * Tells each recipient once (duplicates and the actor themself left out). Callers pass only people who
 * can see the subject; the read side checks it again. Pass the transaction that made the change.
 */
export async function notify(db: Pick<Db, "insert">, companyId: string, recipients: Iterable<string>, notification: NewNotification, actorId?: string | null) {
  const userIds = [...new Set(recipients)].filter((id) => id !== actorId);
  if (userIds.length === 0) return;
  await db
    .insert(notifications)
    .values(
      userIds.map((userId) => ({
        companyId,
        userId,
        kind: notification.kind,
        params: notification.params,
        link: notification.link,
        subjectType: notification.subject.type,
        subjectId: notification.subject.id,
        dedupeKey: notification.dedupeKey?.(userId) ?? null,
      })),
    )
    .onConflictDoNothing();
}
