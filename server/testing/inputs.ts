import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { ProblemFieldError } from "../../domain/api/problem";
import { mlColumnsSchema, TESTING_ERRORS, type MlColumns } from "../../domain/entities/testing-task";
import type { Db } from "../db/client";
import { applicationDocuments, processingItems } from "../db/schema";
import { badRequest } from "../plugins/problem";
import type { Storage } from "../storage/types";
import { TestingFailure } from "./analyzer";
import { llmColumnsSchema, llmMappedColumns } from "./llm/columns";
import { openTable, TABLE_CONTENT_TYPES, type Table } from "./table-reader";

/** What a test is given to read: a document of its application, checked, as a table. Refusals are 400s naming the field. */

export type DocumentRow = typeof applicationDocuments.$inferSelect;
export type TableDocument = DocumentRow & { contentType: string };

const invalid = (path: string, message: string, detail = "The test's input is not valid.") => badRequest(detail, [{ path, message }]);

/**
 * The document a test reads: one of this application's, uploaded and checked (`ready`), whose bytes sniffed as CSV
 * or .xlsx. Anything else is a 400 naming `field`: documentMissing for a document that is not there to read (another
 * application's, unknown, or not yet checked or refused), documentType for another kind of file.
 */
export async function tableDocument(db: Db, applicationId: string, documentId: string, field = "document_id"): Promise<TableDocument> {
  const [found] = await db
    .select({ document: applicationDocuments, status: processingItems.status })
    .from(applicationDocuments)
    .innerJoin(processingItems, eq(processingItems.id, applicationDocuments.processingItemId))
    .where(and(eq(applicationDocuments.id, documentId), eq(applicationDocuments.applicationId, applicationId)));
  if (!found || found.status !== "ready" || !found.document.contentType) {
    throw invalid(field, TESTING_ERRORS.documentMissing, "The document is not one of this application's checked documents.");
  }
  if (!TABLE_CONTENT_TYPES.includes(found.document.contentType)) throw invalid(field, TESTING_ERRORS.documentType, "A test reads a CSV or .xlsx file.");
  return found.document as TableDocument;
}

/** Opens the document's table; a file gone from storage or one that cannot be parsed is a 400 naming `field`. */
async function openDocumentTable(storage: Storage, document: TableDocument, field: string): Promise<Table> {
  const file = await storage.open(document.storageKey);
  if (!file) throw invalid(field, TESTING_ERRORS.documentMissing, "The document's file is missing from storage.");
  try {
    return await openTable(file, document.contentType);
  } catch (error) {
    if (error instanceof TestingFailure) throw invalid(field, error.key, "The file could not be read as a table.");
    throw error;
  }
}

/** The document's header and its first `rows` rows, for a person choosing which column means what. */
export async function previewTable(storage: Storage, document: TableDocument, rows = 5, field = "document_id"): Promise<{ columns: string[]; sample: string[][] }> {
  const table = await openDocumentTable(storage, document, field);
  const sample: string[][] = [];
  try {
    if (rows > 0) {
      for await (const row of table.rows()) {
        sample.push(row);
        if (sample.length >= rows) break;
      }
    }
  } catch (error) {
    if (error instanceof TestingFailure) throw invalid(field, error.key, "The file could not be read as a table.");
    throw error;
  } finally {
    table.close();
  }
  return { columns: table.header, sample };
}

/** The columns a mapping names, each with the path of the field that names it. */
export function mappedColumns(columns: Pick<MlColumns, "outcome" | "label"> & { protected?: Record<string, string> }): [path: string, column: string][] {
  return [
    ["outcome", columns.outcome],
    ...(columns.label ? [["label", columns.label] as [string, string]] : []),
    ...Object.entries(columns.protected ?? {}).map(([key, column]) => [`protected.${key}`, column] as [string, string]),
  ];
}

/** Each mapped column the header lacks, as a field error under `prefix` (`columns.protected.sex`). */
export function missingColumns(header: readonly string[], named: [path: string, column: string][], prefix = "columns"): ProblemFieldError[] {
  const present = new Set(header);
  return named.filter(([, column]) => !present.has(column)).map(([path]) => ({ path: `${prefix}.${path}`, message: TESTING_ERRORS.columnMissing }));
}

/**
 * A column-mapped input: the document (tableDocument) and a mapping that parses as `schema` and names only columns
 * of the file's header (`named` lists them). Every failing field is named (`columns.outcome_type`, `columns.protected.sex`).
 */
async function checkMappedInput<T>(
  db: Db,
  storage: Storage,
  applicationId: string,
  input: { document_id?: string; columns?: unknown },
  schema: z.ZodType<T>,
  named: (columns: T) => [path: string, column: string][],
): Promise<{ document: TableDocument; columns: T }> {
  const errors: ProblemFieldError[] = [];
  if (!input.document_id) errors.push({ path: "document_id", message: "validation.required" });
  const parsed = schema.safeParse(input.columns);
  if (input.columns === undefined) errors.push({ path: "columns", message: "validation.required" });
  else if (!parsed.success) errors.push(...parsed.error.issues.map((issue) => ({ path: ["columns", ...issue.path.map(String)].join("."), message: issue.message })));
  if (errors.length) throw badRequest("The test's input is not valid.", errors);
  const document = await tableDocument(db, applicationId, input.document_id!);
  const columns = parsed.data!;
  const { columns: header } = await previewTable(storage, document, 0);
  const missing = missingColumns(header, named(columns));
  if (missing.length) throw badRequest("The file has no column of that name.", missing);
  return { document, columns };
}

/** A `fairness_ml_user` input: its document and a mapping that parses as mlColumnsSchema, naming columns of its header. */
export const checkMlUserInput = (db: Db, storage: Storage, applicationId: string, input: { document_id?: string; columns?: unknown }) =>
  checkMappedInput(db, storage, applicationId, input, mlColumnsSchema, mappedColumns);

/** A `fairness_llm_user` input: its document and a mapping that parses as llmColumnsSchema, naming columns of its header. */
export const checkLlmUserInput = (db: Db, storage: Storage, applicationId: string, input: { document_id?: string; columns?: unknown }) =>
  checkMappedInput(db, storage, applicationId, input, llmColumnsSchema, llmMappedColumns);
