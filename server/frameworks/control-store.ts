import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Control } from "../../domain/frameworks";
import { DOCUMENT_CONTENT_TYPES } from "../../domain/entities/document";
import { CONTROL_ERRORS, todayIso, type ApplicationControlUpdate, type evidenceCreateSchema } from "../../domain/entities/framework";
import { evidenceDateErrors, type EvidenceUpdate } from "../../domain/entities/evidence-dates";
import type { ApplicationRow } from "../applications/row";
import { actorOf, recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { applicationControls, applicationDocuments, controlEvidence, processingItems, users } from "../db/schema";
import { atExpectedVersion, nextVersion, refuseIfStale } from "../db/versions";
import { notifyControlAssigned } from "../notifications/application-events";
import type { CurrentUser } from "../identity/caller";
import type { ExpectedVersions } from "../plugins/concurrency";
import { badRequest, notFound, staleVersion } from "../plugins/problem";
import { documentKey } from "../storage/types";
import { controlRows, liveEvidence, toApplicationControl, toEvidence, type EvidenceRow } from "./controls";

/** The writes behind an application's controls (routes/v2/application-controls.ts): how each is met, and its evidence. */

/** One control as the API shows it, with its live evidence. */
export async function controlDetail(db: Db, applicationId: string, control: Control) {
  const [stored] = await controlRows(db, applicationId, control.id);
  const evidence = await liveEvidence(db, applicationId, control.id);
  const counts = { total: evidence.length, expired: evidence.filter((e) => toEvidence(e).expired).length };
  return { ...toApplicationControl(control, stored, counts), evidence: evidence.map(toEvidence) };
}

/**
 * Records a control's status, justification, owner, due date and notes (what the body leaves out stays), at
 * the expected version if the caller sent one; audited, and a new owner is told. A control never recorded
 * has no row and is at version 0. `not_applicable` needs a justification; the owner must be a user of the company.
 */
export async function saveControl(db: Db, user: CurrentUser, application: ApplicationRow, control: Control, body: ApplicationControlUpdate, expected: ExpectedVersions): Promise<void> {
  const [stored] = await controlRows(db, application.id, control.id);
  const before = stored?.row;
  const next = {
    status: body.status ?? before?.status ?? "not_started",
    justification: body.justification === undefined ? (before?.justification ?? null) : body.justification || null,
    ownerId: body.owner_id === undefined ? (before?.ownerId ?? null) : body.owner_id,
    dueDate: body.due_date === undefined ? (before?.dueDate ?? null) : body.due_date,
    notes: body.notes === undefined ? (before?.notes ?? null) : body.notes || null,
  };
  if (next.status === "not_applicable" && !next.justification) {
    throw badRequest("A control marked not applicable needs a justification.", [{ path: "justification", message: CONTROL_ERRORS.justification }]);
  }
  if (body.owner_id) {
    const [owner] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, body.owner_id), eq(users.companyId, application.companyId)));
    if (!owner) throw badRequest("The owner must be a user of the company.", [{ path: "owner_id", message: CONTROL_ERRORS.owner }]);
  }
  const snapshot = (s: typeof next | undefined) =>
    s && { control_id: control.id, status: s.status, justification: s.justification, owner_id: s.ownerId, due_date: s.dueDate, notes: s.notes };
  const thisControl = and(eq(applicationControls.applicationId, application.id), eq(applicationControls.controlId, control.id))!;
  await db.transaction(async (tx) => {
    // A control never recorded has no row: it is at version 0, and its first write creates version 1.
    if (expected && !expected.includes(0)) {
      const [exists] = await tx.select({ version: applicationControls.version }).from(applicationControls).where(thisControl);
      if (!exists) throw staleVersion(0);
    }
    const [written] = await tx
      .insert(applicationControls)
      .values({ companyId: application.companyId, applicationId: application.id, controlId: control.id, ...next })
      .onConflictDoUpdate({
        target: [applicationControls.applicationId, applicationControls.controlId],
        set: { ...next, version: nextVersion(applicationControls), updatedAt: new Date() },
        setWhere: atExpectedVersion(applicationControls, expected),
      })
      .returning({ version: applicationControls.version });
    if (!written) await refuseIfStale(tx, applicationControls, thisControl);
    await recordAudit(tx, actorOf(user), {
      entityType: "application",
      entityId: application.id,
      action: "control.updated",
      before: before ? snapshot(before) : { control_id: control.id, status: "not_started" },
      after: snapshot(next),
    });
    if (next.ownerId && next.ownerId !== before?.ownerId) {
      await notifyControlAssigned(tx, application, control, next.ownerId, actorOf(user));
    }
  });
}

/**
 * Adds evidence to a control: a link, or a file waiting for its upload. A file is also one of the
 * application's documents, under the same id, so the upload endpoint, the type check and the Documents tab
 * treat it like any other (confirmed with POST /applications/{id}/document/{id}). Audited.
 */
export async function addEvidence(db: Db, user: CurrentUser, application: ApplicationRow, control: Control, body: z.output<typeof evidenceCreateSchema>): Promise<EvidenceRow> {
  const id = randomUUID();
  // File keys are built from ids only: the user's file name never reaches a path or a bucket key.
  const storageKey = body.kind === "file" ? documentKey(user.companyId, application.id, id) : null;
  const contentType = body.kind === "file" && (DOCUMENT_CONTENT_TYPES as readonly string[]).includes(body.content_type ?? "") ? body.content_type! : null;
  const [created] = await db.transaction(async (tx) => {
    let processingItemId: string | null = null;
    if (storageKey) {
      const [item] = await tx.insert(processingItems).values({ companyId: user.companyId, kind: "document" }).returning();
      processingItemId = item.id;
      await tx.insert(applicationDocuments).values({
        id,
        companyId: user.companyId,
        applicationId: application.id,
        name: body.name,
        storageKey,
        processingItemId,
        uploadedById: user.actor === "user" ? user.id : null,
        uploadedByName: actorOf(user).name,
      });
    }
    const rows = await tx
      .insert(controlEvidence)
      .values({
        id,
        companyId: user.companyId,
        applicationId: application.id,
        controlId: control.id,
        name: body.name,
        kind: body.kind,
        url: body.kind === "link" ? body.url : null,
        storageKey,
        contentType,
        processingItemId,
        effectiveOn: body.effective_on ?? todayIso(),
        expiresOn: body.expires_on ?? null,
        addedById: user.id,
        addedByName: actorOf(user).name,
      })
      .returning();
    await recordAudit(tx, actorOf(user), {
      entityType: "application",
      entityId: application.id,
      action: "evidence.added",
      after: { control_id: control.id, evidence_id: id, name: body.name, kind: body.kind, effective_on: rows[0].effectiveOn, expires_on: body.expires_on ?? null },
    });
    return rows;
  });
  return created;
}

/** Removes one piece of live evidence (404 when there is none); the audit log keeps what it was. */
export async function removeEvidence(db: Db, user: CurrentUser, applicationId: string, controlId: string, evidenceId: string): Promise<void> {
  const where = and(
    eq(controlEvidence.id, evidenceId),
    eq(controlEvidence.applicationId, applicationId),
    eq(controlEvidence.controlId, controlId),
    isNull(controlEvidence.deletedAt),
  );
  const [found] = await db.select().from(controlEvidence).where(where);
  if (!found) throw notFound("Evidence");
  await db.transaction(async (tx) => {
    await tx.update(controlEvidence).set({ deletedAt: new Date() }).where(where);
    await recordAudit(tx, actorOf(user), {
      entityType: "application",
      entityId: applicationId,
      action: "evidence.removed",
      before: { control_id: found.controlId, evidence_id: found.id, name: found.name, kind: found.kind },
    });
  });
}

/**
 * Changes a piece of live evidence's name or dates (404 when there is none): a new validity end cannot be in the
 * past, and no validity ends before the day the evidence speaks for. Audited with what it was before.
 */
export async function updateEvidence(db: Db, user: CurrentUser, applicationId: string, controlId: string, evidenceId: string, body: EvidenceUpdate): Promise<EvidenceRow> {
  const where = and(
    eq(controlEvidence.id, evidenceId),
    eq(controlEvidence.applicationId, applicationId),
    eq(controlEvidence.controlId, controlId),
    isNull(controlEvidence.deletedAt),
  );
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(controlEvidence).where(where).for("update");
    if (!found) throw notFound("Evidence");
    const errors = evidenceDateErrors({ effective_on: found.effectiveOn, expires_on: found.expiresOn }, body);
    if (errors.length > 0) throw badRequest("The evidence's dates are not valid.", errors);
    const changes = {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.effective_on !== undefined && { effectiveOn: body.effective_on }),
      ...(body.expires_on !== undefined && { expiresOn: body.expires_on }),
    };
    // A body that changes nothing answers the evidence as it is, with nothing to audit.
    if (Object.keys(changes).length === 0) return found;
    const [updated] = await tx.update(controlEvidence).set(changes).where(where).returning();
    const described = (e: EvidenceRow) => ({ control_id: e.controlId, evidence_id: e.id, name: e.name, effective_on: e.effectiveOn, expires_on: e.expiresOn });
    await recordAudit(tx, actorOf(user), { entityType: "application", entityId: applicationId, action: "evidence.updated", before: described(found), after: described(updated) });
    return updated;
  });
}

/** A live file evidence of the control, with its storage key; 404 for a link or none. */
export async function findFileEvidence(db: Db, applicationId: string, controlId: string, evidenceId: string): Promise<EvidenceRow & { storageKey: string }> {
  const [found] = await db
    .select()
    .from(controlEvidence)
    .where(
      and(
        eq(controlEvidence.id, evidenceId),
        eq(controlEvidence.applicationId, applicationId),
        eq(controlEvidence.controlId, controlId),
        isNull(controlEvidence.deletedAt),
      ),
    );
  if (!found || found.kind !== "file" || !found.storageKey) throw notFound("Evidence");
  return { ...found, storageKey: found.storageKey };
}
