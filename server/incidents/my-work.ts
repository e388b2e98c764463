import { and, eq } from "drizzle-orm";
import { applicationRoleNames, roleMatches } from "../../domain/access/abilities";
import { REPORT_DUE_SOON_DAYS } from "../../domain/entities/incident";
import { groupIdsOf } from "../access/record-groups";
import { applications, incidents } from "../db/schema";
import type { WorkSource } from "../my-work/work-source";
import { readableIncidents, reportAwaitedBy } from "./store";

const DAY_MS = 86_400_000;

/**
 * The incidents' part of My Work: serious incidents, not yet resolved, whose report to the authority is due within
 * REPORT_DUE_SOON_DAYS or overdue. They wait on the incident's owner, the application's owner and its reviewers.
 */
export const incidentWork: WorkSource = async (db, request) => {
  const user = request.user;
  const rows = await db
    .select({
      id: incidents.id,
      title: incidents.title,
      deadline: incidents.reportDeadline,
      owner: incidents.ownerId,
      appId: applications.id,
      appName: applications.name,
      appTier: applications.riskTier,
      appOwner: applications.ownerId,
      appGroups: groupIdsOf(applications.id),
    })
    .from(incidents)
    .innerJoin(applications, eq(applications.id, incidents.applicationId))
    .where(and(readableIncidents(request), reportAwaitedBy(new Date(Date.now() + REPORT_DUE_SOON_DAYS * DAY_MS))));
  const reviews = (app: { id: string; resource_group_ids: string[] }) => applicationRoleNames(user, app).some((name) => roleMatches(name, "ApplicationReviewer"));
  return rows
    .filter((r) => r.owner === user.id || r.appOwner === user.id || reviews({ id: r.appId, resource_group_ids: r.appGroups }))
    .map((r) => ({
      kind: "incident_report" as const,
      application: { id: r.appId, name: r.appName, risk_tier: r.appTier },
      subject: { id: r.id, name: r.title },
      due_date: r.deadline!.toISOString(),
      link: `/incidents/detail/${r.id}`,
    }));
};
