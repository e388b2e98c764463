import { z } from "zod";

/** What a notification is about; each kind has its text in locales/<lng>/notifications.json. */
const NOTIFICATION_KINDS = [
  "role.granted",
  "application.submitted",
  "application.in_review",
  "application.approved",
  "application.rejected",
  "application.changes_requested",
  "application.reapproval_required",
  "comment.added",
  "control.assigned",
  "evidence.expiring",
  "review.due",
  "review.overdue",
  "incident.report_due",
  "incident.report_overdue",
  "testing.ready",
  "testing.failed",
  "testing.due",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A notification; its text is in the reader's language. */
const notificationSchema = z.object({
  notification_id: z.uuid(),
  notification_text: z.string(),
  notification_link: z.string(),
  notification_read: z.boolean(),
  notification_timestamp: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

const NOTIFICATION_DAYS_MAX = 365;
export const notificationDaysParamsSchema = z.object({
  days: z.coerce.number().int("Give a whole number of days.").min(1, "Give 1 to 365 days.").max(NOTIFICATION_DAYS_MAX, "Give 1 to 365 days."),
});
export const notificationListResponseSchema = z.object({
  items: z.array(notificationSchema),
  total: z.number().int(),
  unread: z.number().int(),
});
export const markReadParamsSchema = z.object({ id: z.union([z.literal("all"), z.uuid()]) });
