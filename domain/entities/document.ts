import { z } from "zod";
import { listQuerySchema, listResponseSchema } from "../api/list";
import { problemSchema } from "../api/problem";

/** The largest document an upload may carry. */
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;

export const PDF = "application/pdf";
export const DOC = "application/msword";
export const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
export const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const CSV = "text/csv";

/** What the bytes of a document may be (PDF, Word old and docx, CSV, Excel xlsx), sniffed, never trusted from the name. */
export const DOCUMENT_CONTENT_TYPES = [PDF, DOC, DOCX, CSV, XLSX] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];

/** The file chooser's filter: a convenience only, the server judges the bytes. */
export const DOCUMENT_ACCEPT = ".pdf,.doc,.docx,.csv,.xlsx";

/** A processing item's status: where the document's background check stands. */
const PROCESSING_STATUSES = ["created", "waiting", "analyzing", "ready", "error"] as const;
export type ProcessingStatus = (typeof PROCESSING_STATUSES)[number];
/** Statuses a worker moves on by itself: the browser polls while a document is in one ("created" waits for its uploader). */
export const WORKING_PROCESSING_STATUSES: readonly ProcessingStatus[] = ["waiting", "analyzing"];

/** Why a document ended in `error`: i18n keys the browser shows. */
export const DOCUMENT_ERRORS = {
  missing: "documents.errors.missing",
  tooLarge: "documents.errors.tooLarge",
  type: "documents.errors.type",
  failed: "documents.errors.failed",
  mismatch: "documents.errors.mismatch",
} as const;

/** The type a file name's extension promises; null for an extension that is not an accepted document. */
const EXTENSION_TYPES: Record<string, DocumentContentType> = { pdf: PDF, doc: DOC, docx: DOCX, csv: CSV, xlsx: XLSX };

function documentTypeOfName(name: string): DocumentContentType | null {
  const extension = /\.([^.]+)$/.exec(name.trim())?.[1]?.toLowerCase();
  return (extension && EXTENSION_TYPES[extension]) || null;
}

/**
 * The type the file's name or its declared Content-Type promises when the bytes turn out to be another
 * accepted type, else null. A name or declared type outside the accepted ones promises nothing.
 */
export function claimedDocumentType(name: string, declared: string | undefined, detected: DocumentContentType): DocumentContentType | null {
  const declaredType = (DOCUMENT_CONTENT_TYPES as readonly string[]).includes(declared ?? "") ? (declared as DocumentContentType) : null;
  return [documentTypeOfName(name), declaredType].find((type) => type !== null && type !== detected) ?? null;
}

/** The refusal when the bytes are not what the name or the declared type says: both are named so the user can tell. */
export const documentMismatchMessage = (claimed: string, detected: string) =>
  `The file claims to be ${claimed} but its content is ${detected}.`;

/** That refusal as a 400 problem, with both types as members so a client can word it in its own language. */
export const documentMismatchProblemSchema = problemSchema.extend({
  claimed_type: z.enum(DOCUMENT_CONTENT_TYPES).optional(),
  detected_type: z.enum(DOCUMENT_CONTENT_TYPES).optional(),
});

const personSchema = z.object({ id: z.uuid().nullable(), name: z.string() });

/** A document as the Documents tab lists it: its status is its processing item's. */
export const documentSchema = z.object({
  id: z.uuid(),
  application_id: z.uuid(),
  name: z.string(),
  /** Sniffed from the stored bytes; null until the upload has been checked. */
  content_type: z.string().nullable(),
  size: z.number().int().nullable(),
  status: z.enum(PROCESSING_STATUSES),
  /** A DOCUMENT_ERRORS key when status is `error`. */
  error: z.string().nullable(),
  uploaded_by: personSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type ApplicationDocument = z.infer<typeof documentSchema>;

export const DOCUMENT_SORT_KEYS = ["name", "size", "created_at", "updated_at"] as const;
export const documentListQuerySchema = listQuerySchema(DOCUMENT_SORT_KEYS);
export const documentListResponseSchema = listResponseSchema(documentSchema);

/** The user's file name: shown only, never part of a storage key. */
const documentNameSchema = z.string().trim().min(1, "validation.required").max(255, "validation.tooLong");

export const documentCreateSchema = z
  .object({
    name: documentNameSchema,
    /** The browser's guess (File.type); used as the form's Content-Type only when it is an accepted type. */
    content_type: z.string().trim().max(200).optional(),
  })
  .strict();

/** POST /applications/{id}/document/{documentId}: confirm the upload (queues the check), rename, or both. */
export const documentUpdateSchema = z
  .object({
    name: documentNameSchema.optional(),
    uploaded: z.literal(true).optional(),
  })
  .strict();

/** A presigned-POST upload form: post `fields` then the file (field `file`) to `url`. */
export const uploadFormSchema = z.object({ url: z.string(), fields: z.record(z.string(), z.string()) });
export type UploadForm = z.infer<typeof uploadFormSchema>;

export const documentCreateResponseSchema = z.object({ document: documentSchema, upload: uploadFormSchema });
export type DocumentCreateResponse = z.infer<typeof documentCreateResponseSchema>;

export const documentParamsSchema = z.object({ id: z.uuid(), documentId: z.uuid() });
