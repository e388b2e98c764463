import { z } from "zod";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "../api/list";

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
/** The window the bell shows when none is asked for. */
export const NOTIFICATION_DAYS_DEFAULT = 30;
const daysSchema = z.coerce.number().int("Give a whole number of days.").min(1, "Give 1 to 365 days.").max(NOTIFICATION_DAYS_MAX, "Give 1 to 365 days.");
export const notificationDaysParamsSchema = z.object({ days: daysSchema });

const notificationPaging = {
  page: z.coerce.number().int("Give a whole page number.").min(1, "Pages start at 1.").default(1),
  page_size: z.coerce
    .number()
    .int("Give a whole page size.")
    .min(1, `Give a page size of 1 to ${PAGE_SIZE_MAX}.`)
    .max(PAGE_SIZE_MAX, `Give a page size of 1 to ${PAGE_SIZE_MAX}.`)
    .default(PAGE_SIZE_DEFAULT),
};
/** GET /notifications/{days}: which page. */
export const notificationPageQuerySchema = z.strictObject(notificationPaging);
/** GET /notifications: the window in days (30 unless given) and which page. */
export const notificationListQuerySchema = z.strictObject({ days: daysSchema.default(NOTIFICATION_DAYS_DEFAULT), ...notificationPaging });
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = z.object({
  items: z.array(notificationSchema),
  /** All of the window's notifications, and how many of them are unread (not just this page's). */
  total: z.number().int(),
  unread: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListResponseSchema>;
export const markReadParamsSchema = z.object({ id: z.union([z.literal("all"), z.uuid()]) });
