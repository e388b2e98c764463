import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { ProblemFieldError } from "../../domain/api/problem";
import {
  canMoveIncident,
  incidentFactErrors,
  INCIDENT_ERRORS,
  reportDeadline,
  type CorrectiveAction,
  type CorrectiveActionInput,
  type IncidentCreate,
  type IncidentPatch,
} from "../../domain/entities/incident";
import type { ApplicationRow } from "../applications/row";
import { actorOf, recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { applications, incidents, users } from "../db/schema";
import { atExpectedVersion, claimVersion, refuseIfStale } from "../db/versions";
import { applicableControlsOf } from "../frameworks/controls";
import type { CurrentUser } from "../identity/caller";
import type { ExpectedVersions } from "../plugins/concurrency";
import { badRequest, notFound } from "../plugins/problem";
import { incidentRecord, type IncidentRow } from "./store";

/** The writes behind /v2/incidents: record, edit (with status moves) and delete, each audited with the change. */

const invalid = (errors: ProblemFieldError[]) => badRequest("The incident is not valid.", errors);

/**
 * The people and controls a body names, checked against the company and the incident's application: every
 * owner a user of the company, every control one that applies to the application. 400 naming each field.
 */
async function checkReferences(db: Db, application: ApplicationRow, body: Pick<IncidentPatch, "owner_id" | "corrective_actions">): Promise<void> {
  const actions = body.corrective_actions ?? [];
  const owners = [...new Set([body.owner_id, ...actions.map((a) => a.owner_id)].filter((id): id is string => !!id))];
  const known = owners.length
    ? new Set(
        (await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.companyId, application.companyId), inArray(users.id, owners)))).map((u) => u.id),
      )
    : new Set<string>();
  const controls = actions.some((a) => a.control_id) ? new Set((await applicableControlsOf(db, application)).map((c) => c.id)) : new Set<string>();
  const errors: ProblemFieldError[] = [];
  if (body.owner_id && !known.has(body.owner_id)) errors.push({ path: "owner_id", message: INCIDENT_ERRORS.ownerUnknown });
  actions.forEach((action, i) => {
    if (action.owner_id && !known.has(action.owner_id)) errors.push({ path: `corrective_actions.${i}.owner_id`, message: INCIDENT_ERRORS.ownerUnknown });
    if (action.control_id && !controls.has(action.control_id)) errors.push({ path: `corrective_actions.${i}.control_id`, message: INCIDENT_ERRORS.controlUnknown });
  });
  if (errors.length) throw invalid(errors);
}

/** The corrective actions as stored: a new one gets its id, blanks are null, an action is not done until said. */
function storedActions(actions: CorrectiveActionInput[]): CorrectiveAction[] {
  return actions.map((a) => ({
    id: a.id ?? randomUUID(),
    description: a.description,
    owner_id: a.owner_id ?? null,
    due_date: a.due_date ?? null,
    control_id: a.control_id ?? null,
    done: a.done ?? false,
  }));
}

/** The deadline follows from the facts on every write; a client never sets it. */
const deadlineOf = (detectedAt: Date, seriousType: IncidentRow["seriousType"]) => (seriousType ? new Date(reportDeadline(detectedAt, seriousType)) : null);

const dateOf = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

/** Records an incident, `open`, on an application the caller may record incidents of (checked by the route); audited. Answers its id. */
export async function createIncident(db: Db, user: CurrentUser, application: ApplicationRow, body: IncidentCreate): Promise<string> {
  await checkReferences(db, application, body);
  const isPerson = user.actor === "user";
  const detectedAt = new Date(body.detected_at);
  const seriousType = body.serious_type ?? null;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(incidents)
      .values({
        companyId: application.companyId,
        applicationId: application.id,
        title: body.title,
        description: body.description ?? null,
        severity: body.severity,
        occurredAt: dateOf(body.occurred_at),
        detectedAt,
        affectedPeople: body.affected_people ?? null,
        serious: body.serious ?? false,
        seriousType,
        reportDeadline: deadlineOf(detectedAt, seriousType),
        reportedAt: dateOf(body.reported_at),
        rootCause: body.root_cause ?? null,
        correctiveActions: storedActions(body.corrective_actions ?? []),
        // Owned by its creator unless the body names an owner; an API client owns nothing.
        ownerId: body.owner_id === undefined ? (isPerson ? user.id : null) : body.owner_id,
        createdBy: isPerson ? user.id : null,
      })
      .returning();
    await recordAudit(tx, actorOf(user), { entityType: "incident", entityId: created.id, action: "incident.created", after: incidentRecord(created) });
    return created.id;
  });
}

/** The incident after the patch, as it would be stored: what the rules across fields and the moves are checked on. */
function patched(row: IncidentRow, body: IncidentPatch): Partial<typeof incidents.$inferInsert> & Pick<IncidentRow, "detectedAt" | "seriousType"> {
  const set = {
    title: body.title,
    severity: body.severity,
    status: body.status,
    occurredAt: body.occurred_at === undefined ? undefined : dateOf(body.occurred_at),
    detectedAt: body.detected_at === undefined ? row.detectedAt : new Date(body.detected_at),
    description: body.description,
    affectedPeople: body.affected_people,
    serious: body.serious,
    seriousType: body.serious_type === undefined ? row.seriousType : body.serious_type,
    reportedAt: body.reported_at === undefined ? undefined : dateOf(body.reported_at),
    rootCause: body.root_cause,
    correctiveActions: body.corrective_actions && storedActions(body.corrective_actions),
    ownerId: body.owner_id,
  };
  return Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)) as typeof set;
}

/**
 * Applies a PATCH at the expected version if the caller sent one (412 otherwise), once the caller's right was
 * checked: the people and controls named must exist (checkReferences), the status move must be one of INCIDENT_STATUS_MOVES (400 naming `status`), the facts
 * must hold together (400 naming the field), and the report deadline is computed again. Audited.
 */
export async function changeIncident(db: Db, user: CurrentUser, incident: IncidentRow, body: IncidentPatch, expected: ExpectedVersions): Promise<void> {
  const id = incident.id;
  const [application] = await db.select().from(applications).where(eq(applications.id, incident.applicationId));
  await checkReferences(db, application, body);
  await db.transaction(async (tx) => {
    // Claiming the version locks the row: two edits at once apply one after the other, each to what the other left.
    if ((await claimVersion(tx, incidents, eq(incidents.id, id), expected)) === undefined) throw notFound("Incident");
    const [row] = await tx.select().from(incidents).where(eq(incidents.id, id));
    if (body.status !== undefined && !canMoveIncident(row.status, body.status)) throw invalid([{ path: "status", message: INCIDENT_ERRORS.statusMove }]);
    const set = patched(row, body);
    const errors = incidentFactErrors(incidentRecord({ ...row, ...set } as IncidentRow));
    if (errors.length) throw invalid(errors);
    const [updated] = await tx
      .update(incidents)
      .set({ ...set, reportDeadline: deadlineOf(set.detectedAt, set.seriousType), updatedAt: new Date() })
      .where(and(eq(incidents.id, row.id), eq(incidents.companyId, user.companyId)))
      .returning();
    await recordAudit(tx, actorOf(user), { entityType: "incident", entityId: row.id, action: "incident.updated", before: incidentRecord(row), after: incidentRecord(updated) });
  });
}

/** Deletes an incident at the expected version if the caller sent one (412 otherwise); audited with what it was. */
export async function deleteIncident(db: Db, user: CurrentUser, id: string, expected: ExpectedVersions): Promise<void> {
  await db.transaction(async (tx) => {
    const thisIncident = and(eq(incidents.id, id), eq(incidents.companyId, user.companyId))!;
    const [deleted] = await tx.delete(incidents).where(and(thisIncident, atExpectedVersion(incidents, expected))).returning();
    if (!deleted) {
      await refuseIfStale(tx, incidents, thisIncident);
      throw notFound("Incident");
    }
    await recordAudit(tx, actorOf(user), { entityType: "incident", entityId: id, action: "incident.deleted", before: incidentRecord(deleted) });
  });
}
