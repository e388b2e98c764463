import { applicationReminders } from "../applications/reminders";
import { incidentReminders } from "../incidents/reminders";
import { testingReminders } from "../testing/reminders";
import type { ReminderSource } from "./reminder";

/** Every area that reminds people of dated work: a new area adds its source here, the sweep itself does not change. */
export const REMINDER_SOURCES: readonly ReminderSource[] = [applicationReminders, incidentReminders, testingReminders];
