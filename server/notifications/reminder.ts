import type { Db } from "../db/client";
import type { NewNotification } from "./notify";

/** A notification the monitoring sweep sends: to these people of the company, once each (its key says once per what). */
export interface Reminder {
  companyId: string;
  recipients: string[];
  notification: NewNotification & { dedupeKey: (userId: string) => string };
}

/**
 * One area's part of the hourly sweep: the reminders due at `now`. A source may answer the same reminder on
 * every run: its dedupe key (kind, subject, date, recipient) keeps it from being sent twice.
 */
export type ReminderSource = (db: Db, now: Date) => Promise<Reminder[]>;

/** The owner, when they still reach the application (`reach`, from applicationReach), and the others. */
export function ownerAnd(reach: Map<string, string[]>, ownerId: string | null, others: string[]): string[] {
  return [...(ownerId && reach.has(ownerId) ? [ownerId] : []), ...others];
}
