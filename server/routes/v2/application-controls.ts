import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { applicationIdParamsSchema } from "../../../domain/entities/application";
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_MAX_BYTES } from "../../../domain/entities/document";
import {
  applicationControlDetailSchema,
  applicationControlListSchema,
  applicationControlParamsSchema,
  applicationControlUpdateSchema,
  CONTROL_ERRORS,
  evidenceCreateResponseSchema,
  evidenceCreateSchema,
  evidenceDeleteQuerySchema,
} from "../../../domain/entities/framework";
import { findApplication } from "../../applications/store";
import { actorOf, recordAudit } from "../../audit/record";
import { notifyControlAssigned } from "../../notifications/application-events";
import { applicationControls, applicationDocuments, controlEvidence, processingItems, users } from "../../db/schema";
import { uploadedFile } from "../../frameworks/evidence-files";
import { contentDisposition } from "../../uploads/document-store";
import { applicableControlsOf, controlRows, evidenceCounts, findApplicableControl, liveEvidence, toApplicationControl, toEvidence } from "../../frameworks/controls";
import { checkRecord } from "../../plugins/ability";
import { expectedVersions, withEtag, WRITE_PRECONDITION } from "../../plugins/concurrency";
import { atExpectedVersion, nextVersion, refuseIfStale } from "../../db/versions";
import { badRequest, conflict, notFound, problemResponses, staleVersion, versionedWriteResponses } from "../../plugins/problem";
import { documentKey } from "../../storage/types";

const EDIT_FORBIDDEN = "Only contributors and Administrators record how an application's controls are met.";
const UPLOAD_EXPIRES_SECONDS = 15 * 60;
const evidenceParamsSchema = applicationControlParamsSchema.extend({ evidenceId: z.uuid() });

/** An application's controls and their evidence: what applies, how each is met, and the proof. */
export default async function applicationControlRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  /** One control as the API shows it, with its live evidence. */
  async function controlDetail(applicationId: string, control: Awaited<ReturnType<typeof findApplicableControl>>) {
    const [stored] = await controlRows(db(), applicationId, control.id);
    const evidence = await liveEvidence(db(), applicationId, control.id);
    const counts = { total: evidence.length, expired: evidence.filter((e) => toEvidence(e).expired).length };
    return { ...toApplicationControl(control, stored, counts), evidence: evidence.map(toEvidence) };
  }

  app.get(
    "/applications/:id/controls",
    {
      schema: {
        tags: ["controls"],
        summary: "The controls that apply: from the frameworks enabled for the company and the application, at the application's tier",
        params: applicationIdParamsSchema,
        response: { 200: applicationControlListSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { row } = await findApplication(db(), request, request.params.id);
      const [controls, stored, counts] = await Promise.all([applicableControlsOf(db(), row), controlRows(db(), row.id), evidenceCounts(db(), row.id)]);
      const byId = new Map(stored.map((s) => [s.row.controlId, s]));
      const items = controls.map((c) => toApplicationControl(c, byId.get(c.id), counts.get(c.id)));
      return { items, total: items.length };
    },
  );

  app.get(
    "/applications/:id/controls/:controlId",
    {
      schema: {
        tags: ["controls"],
        summary: "One applicable control with its evidence",
        params: applicationControlParamsSchema,
        response: { 200: applicationControlDetailSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { row } = await findApplication(db(), request, request.params.id);
      return controlDetail(row.id, await findApplicableControl(db(), row, request.params.controlId));
    },
  );

  app.patch(
    "/applications/:id/controls/:controlId",
    {
      schema: {
        tags: ["controls"],
        summary: "Record a control's status (not_applicable needs a justification), owner, due date and notes",
        description: `${WRITE_PRECONDITION} A control never recorded is at version 0.`,
        params: applicationControlParamsSchema,
        body: applicationControlUpdateSchema,
        response: { 200: applicationControlDetailSchema, ...versionedWriteResponses },
      },
      preParsing: checkRecord(applicationControlParamsSchema, (request, params) => findApplication(db(), request, params.id, "update", EDIT_FORBIDDEN)),
    },
    async (request, reply) => {
      const { row: application } = await findApplication(db(), request, request.params.id, "update", EDIT_FORBIDDEN);
      const control = await findApplicableControl(db(), application, request.params.controlId);
      const expected = expectedVersions(request);
      const body = request.body;
      const [stored] = await controlRows(db(), application.id, control.id);
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
        const [owner] = await db()
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, body.owner_id), eq(users.companyId, application.companyId)));
        if (!owner) throw badRequest("The owner must be a user of the company.", [{ path: "owner_id", message: CONTROL_ERRORS.owner }]);
      }
      const snapshot = (s: typeof next | undefined) =>
        s && { control_id: control.id, status: s.status, justification: s.justification, owner_id: s.ownerId, due_date: s.dueDate, notes: s.notes };
      const thisControl = and(eq(applicationControls.applicationId, application.id), eq(applicationControls.controlId, control.id))!;
      await db().transaction(async (tx) => {
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
        await recordAudit(tx, actorOf(request.user), {
          entityType: "application",
          entityId: application.id,
          action: "control.updated",
          before: before ? snapshot(before) : { control_id: control.id, status: "not_started" },
          after: snapshot(next),
        });
        if (next.ownerId && next.ownerId !== before?.ownerId) {
          await notifyControlAssigned(tx, application, control, next.ownerId, actorOf(request.user));
        }
      });
      return withEtag(reply, await controlDetail(application.id, control));
    },
  );

  app.post(
    "/applications/:id/controls/:controlId/evidence",
    {
      schema: {
        tags: ["controls"],
        summary: "Add evidence: a link (http or https), or a file (answers a presigned form that posts the file straight to storage); an optional expiry date",
        params: applicationControlParamsSchema,
        body: evidenceCreateSchema,
        response: { 201: evidenceCreateResponseSchema, ...problemResponses },
      },
      preParsing: checkRecord(applicationControlParamsSchema, (request, params) => findApplication(db(), request, params.id, "update", EDIT_FORBIDDEN)),
    },
    async (request, reply) => {
      const { row: application } = await findApplication(db(), request, request.params.id, "update", EDIT_FORBIDDEN);
      const control = await findApplicableControl(db(), application, request.params.controlId);
      const body = request.body;
      const user = request.user;
      const id = randomUUID();
      // File keys are built from ids only: the user's file name never reaches a path or a bucket key.
      const storageKey = body.kind === "file" ? documentKey(user.companyId, application.id, id) : null;
      const contentType = body.kind === "file" && (DOCUMENT_CONTENT_TYPES as readonly string[]).includes(body.content_type ?? "") ? body.content_type! : null;
      const [created] = await db().transaction(async (tx) => {
        let processingItemId: string | null = null;
        if (storageKey) {
          // A file is also one of the application's documents, under the same id: the upload endpoint, the
          // type check and the Documents tab treat it like any other (confirm it with POST /applications/{id}/document/{id}).
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
            expiresOn: body.expires_on ?? null,
            addedById: user.id,
            addedByName: actorOf(user).name,
          })
          .returning();
        await recordAudit(tx, actorOf(user), {
          entityType: "application",
          entityId: application.id,
          action: "evidence.added",
          after: { control_id: control.id, evidence_id: id, name: body.name, kind: body.kind, expires_on: body.expires_on ?? null },
        });
        return rows;
      });
      const upload = storageKey
        ? await root.storage.presignUpload({
            key: storageKey,
            maxBytes: DOCUMENT_MAX_BYTES,
            contentType: created.contentType ?? undefined,
            expiresInSeconds: UPLOAD_EXPIRES_SECONDS,
          })
        : null;
      return reply.code(201).send({ evidence: toEvidence(created), upload });
    },
  );

  app.delete(
    "/applications/:id/controls/:controlId/evidence",
    {
      schema: {
        tags: ["controls"],
        summary: "Remove one piece of evidence (`evidence_id`); the audit log keeps what it was",
        params: applicationControlParamsSchema,
        querystring: evidenceDeleteQuerySchema,
        response: { 204: z.null(), ...problemResponses },
      },
    },
    async (request, reply) => {
      const { row: application } = await findApplication(db(), request, request.params.id, "update", EDIT_FORBIDDEN);
      const where = and(
        eq(controlEvidence.id, request.query.evidence_id),
        eq(controlEvidence.applicationId, application.id),
        eq(controlEvidence.controlId, request.params.controlId),
        isNull(controlEvidence.deletedAt),
      );
      const [found] = await db().select().from(controlEvidence).where(where);
      if (!found) throw notFound("Evidence");
      await db().transaction(async (tx) => {
        await tx.update(controlEvidence).set({ deletedAt: new Date() }).where(where);
        await recordAudit(tx, actorOf(request.user), {
          entityType: "application",
          entityId: application.id,
          action: "evidence.removed",
          before: { control_id: found.controlId, evidence_id: found.id, name: found.name, kind: found.kind },
        });
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/applications/:id/controls/:controlId/evidence/:evidenceId/content",
    {
      schema: {
        tags: ["controls"],
        summary: "A file evidence's bytes, as an attachment",
        params: evidenceParamsSchema,
        response: { 200: z.any().describe("The file's bytes"), ...problemResponses },
      },
    },
    async (request, reply) => {
      const { row: application } = await findApplication(db(), request, request.params.id);
      const [found] = await db()
        .select()
        .from(controlEvidence)
        .where(
          and(
            eq(controlEvidence.id, request.params.evidenceId),
            eq(controlEvidence.applicationId, application.id),
            eq(controlEvidence.controlId, request.params.controlId),
            isNull(controlEvidence.deletedAt),
          ),
        );
      if (!found || found.kind !== "file" || !found.storageKey) throw notFound("Evidence");
      const file = await uploadedFile(root.storage, found.storageKey);
      if (!file) throw conflict("This evidence's file has not been uploaded.");
      return reply
        .type(file.contentType)
        .header("Content-Length", file.size)
        .header("Content-Disposition", contentDisposition(found.name))
        .header("X-Content-Type-Options", "nosniff")
        .header("Cache-Control", "private, no-store")
        .send(await file.stream());
    },
  );
}
