import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { applicationIdParamsSchema } from "../../../domain/entities/application";
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MAX_BYTES,
  documentCreateResponseSchema,
  documentCreateSchema,
  documentListQuerySchema,
  documentListResponseSchema,
  documentParamsSchema,
  documentSchema,
  documentUpdateSchema,
} from "../../../domain/entities/document";
import { findApplication } from "../../applications/store";
import { actorOf } from "../../audit/record";
import { checkRecord } from "../../plugins/ability";
import { conflict, problemResponses } from "../../plugins/problem";
import { documentKey } from "../../storage/types";
import { abandonDocument, confirmOrRenameDocument, contentDisposition, findDocument, insertDocument, listDocuments, toDocument } from "../../uploads/document-store";

/** How long a presigned upload form stays usable. */
const UPLOAD_EXPIRES_SECONDS = 15 * 60;
const ADD_FORBIDDEN = "Only contributors and Administrators add or change an application's documents.";

/**
 * An application's documents: list, add (answers a presigned form that posts the file straight to storage,
 * never through the API), confirm or rename, read.
 */
export default async function applicationDocumentRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  app.get(
    "/applications/:id/documents",
    {
      schema: {
        tags: ["documents"],
        summary: "The application's documents with their processing status, newest first",
        params: applicationIdParamsSchema,
        querystring: documentListQuerySchema,
        response: { 200: documentListResponseSchema, ...problemResponses },
      },
    },
    async (request) => listDocuments(db(), (await findApplication(db(), request, request.params.id)).row.id, request.query),
  );

  app.post(
    "/applications/:id/documents",
    {
      schema: {
        tags: ["documents"],
        summary: "Add a document: answers the presigned form to post the file to, then confirm with POST /applications/{id}/document/{documentId}",
        params: applicationIdParamsSchema,
        body: documentCreateSchema,
        response: { 201: documentCreateResponseSchema, ...problemResponses },
      },
      preParsing: checkRecord(applicationIdParamsSchema, (request, params) => findApplication(db(), request, params.id, "update", ADD_FORBIDDEN)),
    },
    async (request, reply) => {
      const { row: application } = await findApplication(db(), request, request.params.id, "update", ADD_FORBIDDEN);
      const user = request.user;
      const documentId = randomUUID();
      // The key is built from ids only: the user's file name never reaches a path or a bucket key.
      const storageKey = documentKey(user.companyId, application.id, documentId);
      await insertDocument(db(), user, { id: documentId, applicationId: application.id, name: request.body.name, storageKey });
      const claimed = request.body.content_type;
      const upload = await root.storage.presignUpload({
        key: storageKey,
        maxBytes: DOCUMENT_MAX_BYTES,
        contentType: claimed && (DOCUMENT_CONTENT_TYPES as readonly string[]).includes(claimed) ? claimed : undefined,
        expiresInSeconds: UPLOAD_EXPIRES_SECONDS,
      });
      const document = toDocument(await findDocument(db(), application.id, documentId));
      return reply.code(201).send({ document, upload });
    },
  );

  app.get(
    "/applications/:id/documents/:documentId",
    {
      schema: {
        tags: ["documents"],
        summary: "One document with its processing status",
        params: documentParamsSchema,
        response: { 200: documentSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { row } = await findApplication(db(), request, request.params.id);
      return toDocument(await findDocument(db(), row.id, request.params.documentId));
    },
  );

  app.post(
    "/applications/:id/document/:documentId",
    {
      schema: {
        tags: ["documents"],
        summary: "Confirm a document's upload (`uploaded: true` queues its check) or rename it",
        params: documentParamsSchema,
        body: documentUpdateSchema,
        response: { 200: documentSchema, ...problemResponses },
      },
      preParsing: checkRecord(documentParamsSchema, (request, params) => findApplication(db(), request, params.id, "update", ADD_FORBIDDEN)),
    },
    async (request) => {
      const { row: application } = await findApplication(db(), request, request.params.id, "update", ADD_FORBIDDEN);
      const found = await findDocument(db(), application.id, request.params.documentId);
      const queued = await confirmOrRenameDocument(db(), actorOf(request.user), found, request.body);
      if (queued) void root.documentWorker.wake();
      return toDocument(await findDocument(db(), application.id, found.document.id));
    },
  );

  app.delete(
    "/applications/:id/documents/:documentId",
    {
      schema: {
        tags: ["documents"],
        summary: "Take back a document whose file never arrived: the browser's upload to storage failed (409 once its upload is confirmed)",
        params: documentParamsSchema,
        response: { 204: z.null(), ...problemResponses },
      },
      preParsing: checkRecord(documentParamsSchema, (request, params) => findApplication(db(), request, params.id, "update", ADD_FORBIDDEN)),
    },
    async (request, reply) => {
      const { row: application } = await findApplication(db(), request, request.params.id, "update", ADD_FORBIDDEN);
      const found = await findDocument(db(), application.id, request.params.documentId);
      if (!(await abandonDocument(db(), found))) throw conflict("This document's upload was confirmed: it stays in the application's record.");
      // Should the bytes have arrived after all (the answer was lost on its way back), they go too; an outage leaves them, unlisted.
      await root.storage.remove(found.document.storageKey).catch((error: unknown) => request.log.warn({ err: error }, "a taken-back document's file could not be removed"));
      return reply.code(204).send(null);
    },
  );

  app.get(
    "/applications/:id/documents/:documentId/content",
    {
      schema: {
        tags: ["documents"],
        summary: "The document's bytes (once it is ready), as an attachment of its sniffed type",
        params: documentParamsSchema,
        response: { 200: z.any().describe("The file's bytes"), ...problemResponses },
      },
    },
    async (request, reply) => {
      const { row } = await findApplication(db(), request, request.params.id);
      const { document, status } = await findDocument(db(), row.id, request.params.documentId);
      if (status !== "ready" || !document.contentType) throw conflict("This document is not ready yet.");
      const file = await root.storage.open(document.storageKey);
      if (!file) throw conflict("This document's file is missing from storage.");
      return reply
        .type(document.contentType)
        .header("Content-Length", file.size)
        .header("Content-Disposition", contentDisposition(document.name))
        .header("X-Content-Type-Options", "nosniff")
        .header("Cache-Control", "private, no-store")
        .send(await file.stream());
    },
  );
}
