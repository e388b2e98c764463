import type { Db } from "../db/client";
import { notify } from "./notify";
import { REMINDER_SOURCES } from "./reminder-sources";

/**
 * What the hourly sweep notifies: the reminders of every area (reminder-sources.ts). Each notification carries
 * a key of kind, subject, date and recipient, so running the sweep again — or on several servers at once —
 * never sends one twice.
 */
export async function runMonitoringSweep(db: Db, now = new Date()): Promise<void> {
  for (const source of REMINDER_SOURCES) {
    for (const reminder of await source(db, now)) await notify(db, reminder.companyId, reminder.recipients, reminder.notification);
  }
}
