import { z } from "zod";
import { multiValue, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "../api/list";
import { RISK_TIERS } from "../risk";
import { AWAITING_KINDS } from "../workflow";

/** What waits for the signed-in user (My Work), one kind a group: the approval steps first, then dated work. */
export const MY_WORK_KINDS = [...AWAITING_KINDS, "control", "evidence", "review_due", "incident_report", "fairness_test_due"] as const;
export type MyWorkKind = (typeof MY_WORK_KINDS)[number];

const myWorkKindSchema = z.enum(MY_WORK_KINDS, { error: `A kind is one of ${MY_WORK_KINDS.join(", ")}.` });

const myWorkItemSchema = z.object({
  kind: z.enum(MY_WORK_KINDS),
  application: z.object({ id: z.uuid(), name: z.string(), risk_tier: z.enum(RISK_TIERS).nullable() }),
  /** The control, evidence, incident or test concerned, when the item is about one. */
  subject: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** When it is due (ISO date), if it has a date; overdue when in the past. */
  due_date: z.string().nullable(),
  /** The in-app page to act on it. */
  link: z.string(),
});
export type MyWorkItem = z.infer<typeof myWorkItemSchema>;

/** GET /my-work: a page of the work, of some kinds (repeat `kind`) or all, most urgent first. */
export const myWorkQuerySchema = z.strictObject({
  kind: multiValue(myWorkKindSchema).describe("Only these kinds (repeat the parameter for several); all when absent"),
  page: z.coerce.number().int("Give a whole page number.").min(1, "Pages start at 1.").default(1),
  page_size: z.coerce
    .number()
    .int("Give a whole page size.")
    .min(1, `Give a page size of 1 to ${PAGE_SIZE_MAX}.`)
    .max(PAGE_SIZE_MAX, `Give a page size of 1 to ${PAGE_SIZE_MAX}.`)
    .default(PAGE_SIZE_DEFAULT),
});
export type MyWorkQuery = z.infer<typeof myWorkQuerySchema>;

export const myWorkResponseSchema = z.object({
  items: z.array(myWorkItemSchema),
  /** Every item of the kinds asked for, counted exactly. */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type MyWorkPage = z.infer<typeof myWorkResponseSchema>;

/** GET /my-work/counts: how much of each kind waits (the dashboard's figures, My Work's headings). */
export const myWorkCountsSchema = z.object({
  /** The kinds with work waiting, most urgent first (the order My Work shows its sections in). */
  kinds: z.array(
    z.object({
      kind: z.enum(MY_WORK_KINDS),
      count: z.number().int(),
      /** The earliest due date among its items, if any is dated. */
      first_due_date: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
});
export type MyWorkCounts = z.infer<typeof myWorkCountsSchema>;

const byCodeUnits = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * Urgency: dated items by date (overdue first), then the undated, by how directly they wait on this user, then by
 * application name (case aside); the ids settle the rest, so that pages never overlap. The server orders My Work
 * this way in SQL (`collate "C"`: text compared as here, code unit by code unit).
 */
export function byUrgency(a: MyWorkItem, b: MyWorkItem): number {
  if (a.due_date && b.due_date && a.due_date !== b.due_date) return a.due_date < b.due_date ? -1 : 1;
  if (a.due_date && !b.due_date) return -1;
  if (!a.due_date && b.due_date) return 1;
  return (
    MY_WORK_KINDS.indexOf(a.kind) - MY_WORK_KINDS.indexOf(b.kind) ||
    byCodeUnits(a.application.name.toLowerCase(), b.application.name.toLowerCase()) ||
    byCodeUnits(a.application.name, b.application.name) ||
    byCodeUnits(a.application.id, b.application.id) ||
    byCodeUnits(a.subject?.id ?? "", b.subject?.id ?? "")
  );
}
