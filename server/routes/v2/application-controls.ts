import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { applicationIdParamsSchema } from "../../../domain/entities/application";
import { DOCUMENT_MAX_BYTES } from "../../../domain/entities/document";
import {
  applicationControlDetailSchema,
  applicationControlListSchema,
  applicationControlParamsSchema,
  applicationControlUpdateSchema,
  evidenceCreateResponseSchema,
  evidenceCreateSchema,
  evidenceDeleteQuerySchema,
  evidenceSchema,
} from "../../../domain/entities/framework";
import { evidenceUpdateSchema } from "../../../domain/entities/evidence-dates";
import { findApplication } from "../../applications/store";
import { uploadedFile } from "../../frameworks/evidence-files";
import { contentDisposition } from "../../uploads/document-store";
import { applicationControlList, findApplicableControl, toEvidence } from "../../frameworks/controls";
import { APPLICATION_CONTROL_EXPORT_COLUMNS } from "../../frameworks/export-columns";
import { listExportRoute, oneBatch } from "../../exports/route";
import { addEvidence, controlDetail, findFileEvidence, removeEvidence, saveControl, updateEvidence } from "../../frameworks/control-store";
import { checkRecord } from "../../plugins/ability";
import { expectedVersions, withEtag, WRITE_PRECONDITION } from "../../plugins/concurrency";
import { conflict, problemResponses, versionedWriteResponses } from "../../plugins/problem";

const EDIT_FORBIDDEN = "Only contributors and Administrators record how an application's controls are met.";
const UPLOAD_EXPIRES_SECONDS = 15 * 60;
const evidenceParamsSchema = applicationControlParamsSchema.extend({ evidenceId: z.uuid() });

/** An application's controls and their evidence: what applies, how each is met, and the proof. */
export default async function applicationControlRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

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
      const items = await applicationControlList(db(), row);
      return { items, total: items.length };
    },
  );

  listExportRoute(root, {
    url: "/applications/:id/controls/export",
    tags: ["controls"],
    what: "The controls that apply to the application, with status, owner, due date and evidence counts",
    params: applicationIdParamsSchema,
    querystring: z.strictObject({}),
    columns: APPLICATION_CONTROL_EXPORT_COLUMNS,
    title: "controls.tab.label",
    source: async (request) => {
      const { row } = await findApplication(db(), request, (request.params as { id: string }).id);
      return { name: `${row.name}-controls`, rows: oneBatch(await applicationControlList(db(), row)) };
    },
  });

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
      return controlDetail(db(), row.id, await findApplicableControl(db(), row, request.params.controlId));
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
      await saveControl(db(), request.user, application, control, request.body, expectedVersions(request));
      return withEtag(reply, await controlDetail(db(), application.id, control));
    },
  );

  app.post(
    "/applications/:id/controls/:controlId/evidence",
    {
      schema: {
        tags: ["controls"],
        summary:
          "Add evidence: a link (http or https), or a file (answers a presigned form that posts the file straight to storage); the day it speaks for (effective_on, today when left out) and an optional validity end (expires_on)",
        params: applicationControlParamsSchema,
        body: evidenceCreateSchema,
        response: { 201: evidenceCreateResponseSchema, ...problemResponses },
      },
      preParsing: checkRecord(applicationControlParamsSchema, (request, params) => findApplication(db(), request, params.id, "update", EDIT_FORBIDDEN)),
    },
    async (request, reply) => {
      const { row: application } = await findApplication(db(), request, request.params.id, "update", EDIT_FORBIDDEN);
      const control = await findApplicableControl(db(), application, request.params.controlId);
      const created = await addEvidence(db(), request.user, application, control, request.body);
      const upload = created.storageKey
        ? await root.storage.presignUpload({
            key: created.storageKey,
            maxBytes: DOCUMENT_MAX_BYTES,
            contentType: created.contentType ?? undefined,
            expiresInSeconds: UPLOAD_EXPIRES_SECONDS,
          })
        : null;
      return reply.code(201).send({ evidence: toEvidence(created), upload });
    },
  );

  app.patch(
    "/applications/:id/controls/:controlId/evidence/:evidenceId",
    {
      schema: {
        tags: ["controls"],
        summary: "Change a piece of evidence's name, effective date or validity end (expires_on; null for none); audited",
        params: evidenceParamsSchema,
        body: evidenceUpdateSchema,
        response: { 200: evidenceSchema, ...problemResponses },
      },
      preParsing: checkRecord(evidenceParamsSchema, (request, params) => findApplication(db(), request, params.id, "update", EDIT_FORBIDDEN)),
    },
    async (request) => {
      const { row: application } = await findApplication(db(), request, request.params.id, "update", EDIT_FORBIDDEN);
      const { controlId, evidenceId } = request.params;
      return toEvidence(await updateEvidence(db(), request.user, application.id, controlId, evidenceId, request.body));
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
      await removeEvidence(db(), request.user, application.id, request.params.controlId, request.query.evidence_id);
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
      const found = await findFileEvidence(db(), application.id, request.params.controlId, request.params.evidenceId);
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
