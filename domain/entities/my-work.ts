import { z } from "zod";
import { RISK_TIERS } from "../risk";
import { AWAITING_KINDS } from "../workflow";

/** What waits for the signed-in user (My Work), one kind a group: the approval steps first, then dated work. */
export const MY_WORK_KINDS = [...AWAITING_KINDS, "control", "evidence", "review_due", "incident_report", "fairness_test_due"] as const;
export type MyWorkKind = (typeof MY_WORK_KINDS)[number];

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

export const myWorkResponseSchema = z.object({ items: z.array(myWorkItemSchema) });

/** Urgency: dated items by date (overdue first), then the undated, by how directly they wait on this user. */
export function byUrgency(a: MyWorkItem, b: MyWorkItem): number {
  if (a.due_date && b.due_date && a.due_date !== b.due_date) return a.due_date < b.due_date ? -1 : 1;
  if (a.due_date && !b.due_date) return -1;
  if (!a.due_date && b.due_date) return 1;
  return MY_WORK_KINDS.indexOf(a.kind) - MY_WORK_KINDS.indexOf(b.kind) || a.application.name.localeCompare(b.application.name);
}
