import { once } from "node:events";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import multipart, { type MultipartFile } from "@fastify/multipart";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { problemSchema } from "../../domain/api/problem";
import { claimedDocumentType, DOCUMENT_ERRORS, DOCUMENT_MAX_BYTES, documentMismatchMessage, documentMismatchProblemSchema } from "../../domain/entities/document";
import { applicationDocuments, processingItems } from "../db/schema";
import { badRequest, conflict, HttpProblem, notFound } from "../plugins/problem";
import { failBeforeQueue } from "../processing/queue";
import { LOCAL_UPLOAD_PATH, TooLargeError, type LocalStorage } from "../storage/local";
import { sniffDocument } from "./documents";
import { multipartProblem, type MultipartWords } from "./multipart-errors";

const NOT_MULTIPART = "Post the upload form as multipart/form-data: the form's fields, then the file in the field `file`.";
const TOO_LARGE = "The file is larger than 25 MB.";
const MULTIPART_WORDS: MultipartWords = { tooLarge: TOO_LARGE, notMultipart: NOT_MULTIPART, tooMany: () => badRequest("Send the form's fields and one file only.") };
const WRONG_TYPE = "Only PDF, Word (.doc, .docx), CSV and Excel (.xlsx) files are accepted.";
const problems = { 400: documentMismatchProblemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema, 413: problemSchema, 415: problemSchema };

/** Whether a form may still store bytes: not once they are stored and waiting for confirmation, nor once queued or checked. */
const acceptsUpload = (status: string, size: number | null) => status === "error" || (status === "created" && size === null);

/**
 * The local driver's upload endpoint, where the browser posts the presigned form (files never pass through the API). It takes
 * no bearer token: the signed policy is the authority (the server handed it to someone allowed to add
 * the document), as S3 does with its own POST policies. Answers 204 like S3.
 */
export default async function localUploadRoutes(root: FastifyInstance, opts: { storage: LocalStorage; onStored?: () => void }) {
  const { storage } = opts;
  // One byte over the limit, so that our own limiter (which knows the document) sees the overflow first.
  await root.register(multipart, { limits: { files: 1, fileSize: DOCUMENT_MAX_BYTES + 1, fields: 20, parts: 21, fieldSize: 64 * 1024 } });
  root.setErrorHandler((error: FastifyError) => {
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") throw new HttpProblem(415, NOT_MULTIPART);
    throw error;
  });
  const app = root.withTypeProvider<ZodTypeProvider>();

  /** Checks the form, then streams the file to a temporary file, sniffs it and only then stores it under its key. */
  async function store(fields: Record<string, string>, part: MultipartFile): Promise<void> {
    // A refused form's file is read to its end and dropped, so the client gets its answer instead of a reset.
    const refuse = async (problem: Error) => {
      part.file.resume();
      await once(part.file, "end").catch(() => {});
      return problem;
    };
    const check = await storage.verifyForm(fields);
    if (!check.ok) throw await refuse(new HttpProblem(403, check.reason));
    const [found] = await root.db
      .select({ document: applicationDocuments, status: processingItems.status })
      .from(applicationDocuments)
      .innerJoin(processingItems, eq(processingItems.id, applicationDocuments.processingItemId))
      .where(eq(applicationDocuments.storageKey, check.key));
    if (!found) throw await refuse(notFound("Document"));
    // Once queued or checked, a document's bytes are final: a form still in date cannot swap them.
    if (!acceptsUpload(found.status, found.document.size)) throw await refuse(conflict("This document has already been uploaded."));
    const itemId = found.document.processingItemId;
    const tooLarge = async () => {
      await failBeforeQueue(root.db, itemId, DOCUMENT_ERRORS.tooLarge);
      return new HttpProblem(413, TOO_LARGE);
    };
    let received;
    try {
      received = await storage.receive(check.key, part.file, Math.min(check.maxBytes, DOCUMENT_MAX_BYTES));
    } catch (error) {
      if (error instanceof TooLargeError || (error as FastifyError).code === "FST_REQ_FILE_TOO_LARGE") throw await tooLarge();
      throw error;
    }
    if (part.file.truncated) {
      await received.discard();
      throw await tooLarge();
    }
    const contentType = received.size > 0 ? await sniffDocument(received) : null;
    if (!contentType) {
      await received.discard();
      await failBeforeQueue(root.db, itemId, received.size > 0 ? DOCUMENT_ERRORS.type : DOCUMENT_ERRORS.missing);
      throw badRequest(received.size > 0 ? "The file is not a PDF, Word, CSV or Excel file." : "The file is empty.", [
        { path: "file", message: WRONG_TYPE },
      ]);
    }
    // The name's extension and the form's declared type must agree with the bytes, or the user is told both.
    const claimed = claimedDocumentType(found.document.name, fields["content-type"], contentType);
    if (claimed) {
      await received.discard();
      await failBeforeQueue(root.db, itemId, DOCUMENT_ERRORS.mismatch);
      const detail = documentMismatchMessage(claimed, contentType);
      throw new HttpProblem(400, detail, [{ path: "file", message: detail }], "about:blank", { claimed_type: claimed, detected_type: contentType });
    }
    // Check and write under the item's row lock, so that of two racing posts of one form only the first stores its bytes.
    const won = await root.db.transaction(async (tx) => {
      const [item] = await tx
        .select({ status: processingItems.status, size: applicationDocuments.size })
        .from(processingItems)
        .innerJoin(applicationDocuments, eq(applicationDocuments.processingItemId, processingItems.id))
        .where(eq(processingItems.id, itemId))
        .for("update");
      if (!item || !acceptsUpload(item.status, item.size)) return false;
      await received.commit();
      await tx
        .update(applicationDocuments)
        .set({ contentType, size: received.size, updatedAt: new Date() })
        .where(eq(applicationDocuments.id, found.document.id));
      return true;
    });
    if (!won) {
      await received.discard();
      throw conflict("This document has already been uploaded.");
    }
  }

  app.post(
    LOCAL_UPLOAD_PATH,
    {
      schema: {
        tags: ["documents"],
        summary: "Local storage: post a presigned upload form (its fields, then `file`); no bearer token, the policy's signature authorizes",
        consumes: ["multipart/form-data"],
        response: { 204: z.null(), ...problems },
      },
    },
    async (request: FastifyRequest, reply) => {
      if (!request.isMultipart()) throw new HttpProblem(415, NOT_MULTIPART);
      const fields: Record<string, string> = {};
      let stored = false;
      try {
        for await (const part of request.parts()) {
          if (part.type === "field") {
            fields[part.fieldname.toLowerCase()] = String(part.value);
          } else if (part.fieldname !== "file" || stored) {
            throw badRequest("Send the file in the field `file`, after the form's fields.", [{ path: "file", message: "Choose a file to upload." }]);
          } else {
            await store(fields, part);
            stored = true;
          }
        }
      } catch (error) {
        throw multipartProblem(error as FastifyError, MULTIPART_WORDS);
      }
      if (!stored) throw badRequest("No file was sent.", [{ path: "file", message: "Choose a file to upload." }]);
      return reply.code(204).send(null);
    },
  );
}
