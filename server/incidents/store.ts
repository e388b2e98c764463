import type { FastifyRequest } from "fastify";
import { and, eq, ilike, inArray, not, sql, type SQL } from "drizzle-orm";
import { asSubject, type Action } from "../../domain/access/abilities";
import { INCIDENT_ERRORS, INCIDENT_OPEN_STATUSES, isReportOverdue, type Incident, type IncidentListQuery } from "../../domain/entities/incident";
import { groupIdsOf } from "../access/record-groups";
import { scopeOf } from "../access/scope";
import { ownerName } from "../applications/store";
import type { ApplicationRow } from "../applications/row";
import type { Db } from "../db/client";
import { listItems, type ListFilters, type ListSorting, type ListSource, type SortValues } from "../db/list";
import type { ListTotal } from "../db/list-total";
import { applications, incidents, users } from "../db/schema";
import { likePattern } from "../db/search";
import { forbidden, HttpProblem, notFound } from "../plugins/problem";

export type IncidentRow = typeof incidents.$inferSelect;
export interface IncidentWithNames {
  row: IncidentRow;
  applicationName: string;
  ownerName: string | null;
  /** The resource groups its application belongs to: what the abilities' group rules decide on. */
  groupIds: string[];
}

/** Incidents with their application's name and their owner's: the join every read answers with. */
export function selectIncidents(db: Db, extra?: SortValues) {
  return db
    .select({ row: incidents, applicationName: applications.name, ownerName, groupIds: groupIdsOf(incidents.applicationId), ...extra })
    .from(incidents)
    .innerJoin(applications, eq(applications.id, incidents.applicationId))
    .leftJoin(users, eq(users.id, incidents.ownerId));
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The incident's fields as the API names them: also what the audit log keeps of a change. */
export function incidentRecord(row: IncidentRow) {
  return {
    title: row.title,
    application_id: row.applicationId,
    severity: row.severity,
    status: row.status,
    occurred_at: iso(row.occurredAt),
    detected_at: row.detectedAt.toISOString(),
    description: row.description,
    affected_people: row.affectedPeople,
    serious: row.serious,
    serious_type: row.seriousType,
    report_deadline: iso(row.reportDeadline),
    reported_at: iso(row.reportedAt),
    root_cause: row.rootCause,
    corrective_actions: row.correctiveActions,
    owner_id: row.ownerId,
  };
}

export function toIncident({ row, applicationName, ownerName, groupIds }: IncidentWithNames, now = new Date()): Incident {
  const record = incidentRecord(row);
  const { application_id, ...fields } = record;
  return {
    id: row.id,
    ...fields,
    application: { id: application_id, name: applicationName },
    report_overdue: isReportOverdue(record, now),
    owner: row.ownerId && ownerName ? { id: row.ownerId, name: ownerName } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
    resource_group_ids: groupIds,
  };
}

/** An incident of this company and application as the abilities see it (its conditions name `applicationId` or the application's groups). */
export const incidentSubject = (companyId: string, applicationId: string, groupIds: string[]) =>
  asSubject("Incident", { companyId, applicationId, resource_group_ids: groupIds });

/** The incidents the caller may read, as a WHERE clause: their company's, of the applications their roles reach. */
export const readableIncidents = (request: FastifyRequest) =>
  and(
    eq(incidents.companyId, request.user.companyId),
    scopeOf(request.ability, "read", "Incident", { companyId: incidents.companyId, applicationId: incidents.applicationId }),
  )!;

/**
 * The incident with this id if the caller can read it (else 404, never 403: an incident of an application out of
 * reach, or of another company, does not exist for them), and 403 when they read it but may not take `action`.
 */
export async function findIncident(db: Db, request: FastifyRequest, id: string, action: Action = "read", detail?: string): Promise<IncidentWithNames> {
  const [found] = await selectIncidents(db).where(and(eq(incidents.id, id), eq(incidents.companyId, request.user.companyId)));
  const subject = found && incidentSubject(found.row.companyId, found.row.applicationId, found.groupIds);
  if (!found || !request.ability.can("read", subject)) throw notFound("Incident");
  if (action !== "read" && !request.ability.can(action, subject)) throw forbidden(detail);
  return found;
}

/** The incident as a single read answers it, by id (the caller has already been checked). */
export async function incidentView(db: Db, id: string): Promise<Incident> {
  const [found] = await selectIncidents(db).where(eq(incidents.id, id));
  return toIncident(found);
}

/**
 * The application a new incident is recorded on: 404 naming `application_id` unless the caller reads incidents
 * of it (so an application out of reach is not revealed), 403 when they read but may not record them.
 */
export async function applicationForNewIncident(db: Db, request: FastifyRequest, applicationId: string, detail: string): Promise<ApplicationRow> {
  const [found] = await db
    .select({ application: applications, groupIds: groupIdsOf(applications.id) })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.companyId, request.user.companyId)));
  const application = found?.application;
  const subject = found && incidentSubject(found.application.companyId, found.application.id, found.groupIds);
  if (!application || !request.ability.can("read", subject)) {
    throw new HttpProblem(404, "Application not found.", [{ path: "application_id", message: INCIDENT_ERRORS.applicationUnknown }]);
  }
  if (!request.ability.can("create", subject)) throw forbidden(detail);
  return application;
}

/** Serious, not reported, past its deadline: the SQL of isReportOverdue, for the `overdue_report` filter. */
const reportOverdue = sql`(${incidents.serious} and ${incidents.reportedAt} is null and ${incidents.reportDeadline} < now())`;

/**
 * Open, serious, not reported, and due by `horizon`: the reports My Work lists and the sweep reminds of (the SQL of
 * reportDueSoon for incidents not yet resolved, with horizon = now + REPORT_DUE_SOON_DAYS).
 */
export const reportAwaitedBy = (horizon: Date) =>
  sql`(${incidents.serious} and ${incidents.reportedAt} is null and ${inArray(incidents.status, [...INCIDENT_OPEN_STATUSES])} and ${incidents.reportDeadline} <= ${horizon})`;

const INCIDENT_SORTING: ListSorting = {
  keys: {
    title: sql`lower(${incidents.title})`,
    severity: incidents.severityRank,
    status: incidents.statusRank,
    detected_at: incidents.detectedAt,
    report_deadline: { by: incidents.reportDeadline, nulls: "last" },
    created_at: incidents.createdAt,
    updated_at: incidents.updatedAt,
  },
  default: "-detected_at",
  id: incidents.id,
};

function filtersOf(query: ListFilters<IncidentListQuery>): SQL[] {
  const filters: SQL[] = [];
  if (query.q) filters.push(ilike(incidents.title, likePattern(query.q)));
  if (query.application_id?.length) filters.push(inArray(incidents.applicationId, query.application_id));
  if (query.severity?.length) filters.push(inArray(incidents.severity, query.severity));
  if (query.status?.length) filters.push(inArray(incidents.status, query.status));
  if (query.overdue_report !== undefined) filters.push(query.overdue_report ? reportOverdue : not(reportOverdue));
  return filters;
}

/** The incidents the caller can read, filtered as asked: what a page of the list and its export read. */
export function incidentList(db: Db, request: FastifyRequest, query: ListFilters<IncidentListQuery>): ListSource<IncidentWithNames, Incident> {
  return {
    table: incidents,
    where: and(readableIncidents(request), ...filtersOf(query)),
    sorting: INCIDENT_SORTING,
    select: (extra) => selectIncidents(db, extra).$dynamic(),
    toItems: (rows) => {
      const now = new Date();
      return rows.map((r) => toIncident(r, now));
    },
  };
}

/** One page of the incidents the caller can read, filtered and sorted as asked, with its total. */
export async function listIncidents(db: Db, request: FastifyRequest, query: IncidentListQuery): Promise<{ items: Incident[] } & ListTotal> {
  return listItems(db, incidentList(db, request, query), query);
}
