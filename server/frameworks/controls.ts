import { and, count, eq, isNull, lt, sql } from "drizzle-orm";
import { frameworkByKey, requirementById, type Control } from "../../domain/frameworks";
import { todayIso, type ApplicationControl, type Evidence } from "../../domain/entities/framework";
import type { Db } from "../db/client";
import { applicationControls, controlEvidence, users } from "../db/schema";
import type { ApplicationRow } from "../applications/row";
import { applicationOverrides, companySettings, controlsFor, type ComplianceApplication } from "./compliance";
import { notFound } from "../plugins/problem";

export type ControlRow = typeof applicationControls.$inferSelect;
export type EvidenceRow = typeof controlEvidence.$inferSelect;

export const asCompliance = (row: ApplicationRow): ComplianceApplication => ({ id: row.id, name: row.name, riskTier: row.riskTier, details: row.details });

/** The controls that apply to an application now (company and application settings, tier). */
export async function applicableControlsOf(db: Db, application: ApplicationRow): Promise<Control[]> {
  const [settings, overrides] = await Promise.all([companySettings(db, application.companyId), applicationOverrides(db, [application.id])]);
  return controlsFor(asCompliance(application), settings, overrides.get(application.id));
}

/** One applicable control, else 404: a control of a disabled framework is hidden, its rows kept. */
export async function findApplicableControl(db: Db, application: ApplicationRow, controlId: string): Promise<Control> {
  const control = (await applicableControlsOf(db, application)).find((c) => c.id === controlId);
  if (!control) throw notFound("Control");
  return control;
}

const ownerName = sql<string | null>`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`;

/** The stored implementation rows of an application, with owner names. */
export async function controlRows(db: Db, applicationId: string, controlId?: string) {
  return db
    .select({ row: applicationControls, ownerName })
    .from(applicationControls)
    .leftJoin(users, eq(users.id, applicationControls.ownerId))
    .where(and(eq(applicationControls.applicationId, applicationId), controlId ? eq(applicationControls.controlId, controlId) : undefined));
}

/** Live evidence counts per control, and how many have expired. */
export async function evidenceCounts(db: Db, applicationId: string) {
  const today = todayIso();
  const rows = await db
    .select({
      controlId: controlEvidence.controlId,
      total: count(),
      expired: sql<number>`(count(*) filter (where ${lt(controlEvidence.expiresOn, today)}))::int`,
    })
    .from(controlEvidence)
    .where(and(eq(controlEvidence.applicationId, applicationId), isNull(controlEvidence.deletedAt)))
    .groupBy(controlEvidence.controlId);
  return new Map(rows.map((r) => [r.controlId, { total: Number(r.total), expired: Number(r.expired) }]));
}

/** The controls that apply to an application, each with how it is met and its evidence counts: the Controls tab's list. */
export async function applicationControlList(db: Db, application: ApplicationRow): Promise<ApplicationControl[]> {
  const [controls, stored, counts] = await Promise.all([applicableControlsOf(db, application), controlRows(db, application.id), evidenceCounts(db, application.id)]);
  const byId = new Map(stored.map((s) => [s.row.controlId, s]));
  return controls.map((c) => toApplicationControl(c, byId.get(c.id), counts.get(c.id)));
}

export function toApplicationControl(
  control: Control,
  stored: { row: ControlRow; ownerName: string | null } | undefined,
  evidence: { total: number; expired: number } | undefined,
): ApplicationControl {
  const row = stored?.row;
  const status = row?.status ?? "not_started";
  const dueDate = row?.dueDate ?? null;
  return {
    id: control.id,
    name: control.name,
    description: control.description,
    guidance: control.guidance,
    evidence_expected: control.evidence_expected,
    requirements: control.requirement_ids.flatMap((id) => {
      const r = requirementById(id);
      const f = r && frameworkByKey(r.framework_key);
      return r && f ? [{ id: r.id, framework_id: f.id, framework_short_name: f.short_name, ref: r.ref, title: r.title }] : [];
    }),
    status,
    justification: row?.justification ?? null,
    owner: row?.ownerId && stored?.ownerName ? { id: row.ownerId, name: stored.ownerName } : null,
    due_date: dueDate,
    notes: row?.notes ?? null,
    overdue: dueDate !== null && dueDate < todayIso() && status !== "implemented" && status !== "not_applicable",
    evidence_count: evidence?.total ?? 0,
    expired_evidence_count: evidence?.expired ?? 0,
    updated_at: row?.updatedAt.toISOString() ?? null,
    version: row?.version ?? 0,
  };
}

export function toEvidence(row: EvidenceRow): Evidence {
  return {
    id: row.id,
    control_id: row.controlId,
    name: row.name,
    kind: row.kind,
    url: row.url,
    document_id: row.kind === "file" ? row.id : null,
    content_type: row.contentType,
    size: row.size,
    effective_on: row.effectiveOn,
    expires_on: row.expiresOn,
    expired: row.expiresOn !== null && row.expiresOn < todayIso(),
    added_by: { id: row.addedById, name: row.addedByName },
    created_at: row.createdAt.toISOString(),
  };
}

/** The live evidence of one control of an application, or (no control) of all its controls; oldest first. */
export async function liveEvidence(db: Db, applicationId: string, controlId?: string): Promise<EvidenceRow[]> {
  return db
    .select()
    .from(controlEvidence)
    .where(and(eq(controlEvidence.applicationId, applicationId), controlId ? eq(controlEvidence.controlId, controlId) : undefined, isNull(controlEvidence.deletedAt)))
    .orderBy(controlEvidence.createdAt, controlEvidence.id);
}
