import type { FastifyRequest } from "fastify";
import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { LlmResults, LlmTableId } from "../../../domain/entities/llm-results";
import type { TestingTask } from "../../../domain/entities/testing-task";
import type { Db } from "../../db/client";
import { applicationDocuments, applications, companies, processingItems, testingTasks } from "../../db/schema";
import { conflict, notFound } from "../../plugins/problem";
import { readableTestingTasks, toTestingTask } from "../store";
import type { LlmReportSubject } from "./bias-summary-pdf";
import { publicResults, type StoredLlmResults, type StoredLlmTable } from "./stored-results";

/** The reads behind /v2/testing/llm/{documentId}: every one scoped by company and by the caller's reach on the application. */

export interface LlmRun {
  task: TestingTask;
  application: { id: string; name: string };
  /** Set once the task is ready. */
  results: LlmResults | null;
}

/** Every column but the results, which run to kilobytes: each read takes only the part it answers. */
const { results: _results, ...listColumns } = getTableColumns(testingTasks);

/**
 * The latest `fairness_llm_user` task over this document that the caller can read: 404 when there is none, or when
 * the document's application is another company's or out of the caller's reach (it does not exist for them).
 */
async function latestTaskRow(db: Db, request: FastifyRequest, documentId: string) {
  const [found] = await db
    .select({ task: listColumns, status: processingItems.status, error: processingItems.error, documentName: applicationDocuments.name, applicationName: applications.name })
    .from(testingTasks)
    .innerJoin(processingItems, eq(processingItems.id, testingTasks.processingItemId))
    .innerJoin(applicationDocuments, eq(applicationDocuments.id, testingTasks.documentId))
    .innerJoin(applications, eq(applications.id, testingTasks.applicationId))
    .where(and(readableTestingTasks(request), eq(testingTasks.documentId, documentId), eq(testingTasks.dataSource, "fairness_llm_user")))
    .orderBy(desc(testingTasks.createdAt), desc(testingTasks.id))
    .limit(1);
  if (!found) throw notFound("LLM test");
  return found;
}

/** The latest LLM test over the document with its status, and its results (without the tables' rows) once ready. */
export async function latestLlmRun(db: Db, request: FastifyRequest, documentId: string): Promise<LlmRun> {
  const found = await latestTaskRow(db, request, documentId);
  let results: LlmResults | null = null;
  if (found.status === "ready") {
    // The tables' rows stay in the database: they are served a page at a time.
    const [row] = await db
      .select({ results: sql<StoredLlmResults | null>`${testingTasks.results} - 'tables_data'` })
      .from(testingTasks)
      .where(and(eq(testingTasks.id, found.task.id), eq(testingTasks.companyId, request.user.companyId)));
    results = row?.results ? publicResults(row.results) : null;
  }
  return { task: toTestingTask(found), application: { id: found.task.applicationId, name: found.applicationName }, results };
}

/** One detail table of the latest ready LLM test over the document: 409 while that test is not ready. */
export async function llmTable(db: Db, request: FastifyRequest, documentId: string, tableId: LlmTableId): Promise<{ table: StoredLlmTable; task: TestingTask }> {
  const found = await latestTaskRow(db, request, documentId);
  if (found.status !== "ready") throw conflict(`This test has no results yet: it is ${found.status}.`);
  const [row] = await db
    .select({ table: sql<StoredLlmTable | null>`${testingTasks.results} -> 'tables_data' -> ${tableId}` })
    .from(testingTasks)
    .where(and(eq(testingTasks.id, found.task.id), eq(testingTasks.companyId, request.user.companyId)));
  if (!row?.table) throw notFound("Table");
  return { table: row.table, task: toTestingTask(found) };
}

/** What the bias summary of the latest LLM test over the document says: 409 while that test has no results. */
export async function llmReportSubject(db: Db, request: FastifyRequest, documentId: string): Promise<LlmReportSubject> {
  const { task, application, results } = await latestLlmRun(db, request, documentId);
  if (!results) throw conflict(`This test has no results to report: it is ${task.status}, not ready.`);
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, request.user.companyId));
  const finished = [...task.history].reverse().find((h) => h.status === "ready")?.at ?? task.updated_at;
  return {
    results,
    task: { id: task.id, name: task.name, documentName: task.document?.name ?? null, startedBy: task.started_by.name, finishedAt: new Date(finished) },
    applicationName: application.name,
    companyName: company?.name ?? "",
  };
}
