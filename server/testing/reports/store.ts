import { and, eq } from "drizzle-orm";
import { isFairnessResults } from "../../../domain/entities/testing-task";
import type { Db } from "../../db/client";
import { applicationDocuments, applications, companies, processingItems, testingTasks } from "../../db/schema";
import { conflict, notFound } from "../../plugins/problem";
import type { TestingTaskRow } from "../analyzer";
import type { ReportSubject } from "./report-subject";

/**
 * What the reports of a task the caller was already allowed to read say: its results with its application's,
 * company's and document's names. 409 while the task has no results (not `ready`), since there is nothing to report.
 */
export async function readyReportSubject(db: Db, task: Pick<TestingTaskRow, "id" | "companyId">): Promise<ReportSubject> {
  const [found] = await db
    .select({
      row: testingTasks,
      status: processingItems.status,
      applicationName: applications.name,
      companyName: companies.name,
      documentName: applicationDocuments.name,
    })
    .from(testingTasks)
    .innerJoin(processingItems, eq(processingItems.id, testingTasks.processingItemId))
    .innerJoin(applications, eq(applications.id, testingTasks.applicationId))
    .innerJoin(companies, eq(companies.id, testingTasks.companyId))
    .leftJoin(applicationDocuments, eq(applicationDocuments.id, testingTasks.documentId))
    .where(and(eq(testingTasks.id, task.id), eq(testingTasks.companyId, task.companyId)));
  if (!found) throw notFound("Testing task");
  const { row } = found;
  if (found.status !== "ready" || !row.results) throw conflict(`This test has no results to report: it is ${found.status}, not ready.`);
  // The bias-audit reports read ML decisions; an LLM run's tables are exported at /v2/testing/llm/{documentId}.
  if (!isFairnessResults(row.results)) throw conflict("An LLM test's tables are exported from its results pages, not as a bias-audit report.");
  return {
    results: row.results,
    task: {
      id: row.id,
      name: row.name,
      dataSource: row.dataSource,
      documentName: found.documentName,
      startedBy: row.startedByName,
      finishedAt: row.finishedAt ?? row.updatedAt,
    },
    applicationName: found.applicationName,
    companyName: found.companyName,
  };
}
