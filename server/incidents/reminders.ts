import { eq } from "drizzle-orm";
import { REPORT_DUE_SOON_DAYS } from "../../domain/entities/incident";
import { applicationReach, holdersOf } from "../access/reach";
import { applications, incidents } from "../db/schema";
import { ownerAnd, type Reminder, type ReminderSource } from "../notifications/reminder";
import { reportAwaitedBy } from "./store";

const DAY_MS = 86_400_000;

/**
 * The incidents' part of the hourly sweep: a serious incident not yet resolved or reported is announced once when its
 * report falls due (within REPORT_DUE_SOON_DAYS) and once more when it is overdue, to the application's owner and
 * reviewers and the incident's owner (those who still reach the application). A new deadline is a new reminder.
 */
export const incidentReminders: ReminderSource = async (db, now) => {
  const awaited = await db
    .select({
      id: incidents.id,
      title: incidents.title,
      deadline: incidents.reportDeadline,
      owner: incidents.ownerId,
      companyId: applications.companyId,
      appId: applications.id,
      appName: applications.name,
      appOwner: applications.ownerId,
    })
    .from(incidents)
    .innerJoin(applications, eq(applications.id, incidents.applicationId))
    .where(reportAwaitedBy(new Date(now.getTime() + REPORT_DUE_SOON_DAYS * DAY_MS)));
  const reminders: Reminder[] = [];
  for (const incident of awaited) {
    const deadline = incident.deadline!.toISOString();
    const kind = incident.deadline! < now ? "incident.report_overdue" : "incident.report_due";
    const reach = await applicationReach(db, incident.companyId, incident.appId);
    reminders.push({
      companyId: incident.companyId,
      recipients: ownerAnd(reach, incident.appOwner, [...holdersOf(reach, ["ApplicationReviewer"]), ...ownerAnd(reach, incident.owner, [])]),
      notification: {
        kind,
        params: { incident: incident.title, application: incident.appName, deadline },
        link: `/incidents/detail/${incident.id}`,
        // The application decides who may read it, as for every notification about its records.
        subject: { type: "application", id: incident.appId },
        dedupeKey: (userId) => `${kind}:${incident.id}:${deadline}:${userId}`,
      },
    });
  }
  return reminders;
};
