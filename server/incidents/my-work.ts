import { and, eq, or, sql } from "drizzle-orm";
import { REPORT_DUE_SOON_DAYS } from "../../domain/entities/incident";
import { holdsRoleSql } from "../access/role-sql";
import { applications, incidents } from "../db/schema";
import { isoTimestamp, workRows, type WorkSource } from "../my-work/work-source";
import { readableIncidents, reportAwaitedBy } from "./store";

const DAY_MS = 86_400_000;

/**
 * The incidents' part of My Work: serious incidents, not yet resolved, whose report to the authority is due within
 * REPORT_DUE_SOON_DAYS or overdue. They wait on the incident's owner, the application's owner and its reviewers.
 */
export const incidentWork: WorkSource = (request, { now }) => {
  const user = request.user;
  return {
    incident_report: workRows({
      kind: "incident_report",
      application: { id: applications.id, name: applications.name, tier: applications.riskTier },
      subject: { id: incidents.id, name: incidents.title },
      due: isoTimestamp(incidents.reportDeadline),
      from: sql`${incidents} join ${applications} on ${applications.id} = ${incidents.applicationId}`,
      where: and(
        readableIncidents(request),
        reportAwaitedBy(new Date(now.getTime() + REPORT_DUE_SOON_DAYS * DAY_MS)),
        or(eq(incidents.ownerId, user.id), eq(applications.ownerId, user.id), holdsRoleSql(user, "ApplicationReviewer", applications.id)),
      ),
    }),
  };
};
