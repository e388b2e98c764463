import { applicationReach } from "../access/reach";
import { ownerAnd, type Reminder, type ReminderSource } from "../notifications/reminder";
import { fairnessTestDue, fairnessTestedApplications, lastTestedBetween, remindSince, validSince } from "./due";

/**
 * The testing part of the hourly sweep: an application flagged `fairness` whose last test with results runs out
 * within FAIRNESS_TEST_REMINDER_DAYS is announced once to its owner (while they reach it), so the yearly audit is
 * redone in time. A newer test moves the date, and so makes a new reminder.
 */
export const testingReminders: ReminderSource = async (db, now) => {
  const expiring = await fairnessTestedApplications(db, lastTestedBetween(validSince(now), remindSince(now)));
  const reminders: Reminder[] = [];
  for (const app of expiring) {
    if (!app.ownerId || !app.lastTested) continue;
    const due = fairnessTestDue(app.lastTested);
    const recipients = ownerAnd(await applicationReach(db, app.companyId, app.id), app.ownerId, []);
    if (recipients.length === 0) continue;
    reminders.push({
      companyId: app.companyId,
      recipients,
      notification: {
        kind: "testing.due",
        params: { application: app.name, date: due },
        link: `/applications/detail/${app.id}?tab=testing`,
        subject: { type: "application", id: app.id },
        dedupeKey: (userId) => `testing.due:${app.id}:${due}:${userId}`,
      },
    });
  }
  return reminders;
};
