import type { FastifyRequest } from "fastify";
import { and, eq, getTableColumns, ilike, inArray, sql, type SQL } from "drizzle-orm";
import { asSubject, type Action } from "../../domain/access/abilities";
import type { Population, TestingResults, TestingStatus, TestingTask } from "../../domain/entities/testing-task";
import { groupIdsOf } from "../access/record-groups";
import { scopeOf } from "../access/scope";
import type { ApplicationRow } from "../applications/row";
import type { Db } from "../db/client";
import { listItems, type ListFilters, type ListQuery, type ListSorting, type ListSource, type SortValues } from "../db/list";
import type { ListTotal } from "../db/list-total";
import { applicationDocuments, applications, processingItems, testingTasks } from "../db/schema";
import { likePattern } from "../db/search";
import { forbidden, notFound } from "../plugins/problem";
import type { TestingTaskRow } from "./analyzer";

/** The queries behind /v2/applications/{id}/testing: every read scoped by company and by the caller's reach on the application. */

/** A task as a single read loads it: its row (results included) with its processing item's status and error. */
export interface FoundTestingTask extends TestingTaskRow {
  status: TestingStatus;
  /** The TESTING_ERRORS key when `status` is `error`. */
  error: string | null;
}

/** Every column but the results, which only a single read answers (they run to kilobytes per category). */
const { results: _results, ...listColumns } = getTableColumns(testingTasks);
type ListedTaskRow = Omit<TestingTaskRow, "results">;

/** Tasks with their processing item's status and their document's name: the join every answer is built from. */
function selectTasks(db: Db, extra?: SortValues) {
  return db
    .select({ task: listColumns, status: processingItems.status, error: processingItems.error, documentName: applicationDocuments.name, ...extra })
    .from(testingTasks)
    .innerJoin(processingItems, eq(processingItems.id, testingTasks.processingItemId))
    .leftJoin(applicationDocuments, eq(applicationDocuments.id, testingTasks.documentId));
}

interface TaskWithStatus {
  task: ListedTaskRow;
  status: TestingStatus;
  error: string | null;
  documentName: string | null;
}

/** The task as the API answers it; `results` only when given (a single read). */
export function toTestingTask({ task, status, error, documentName }: TaskWithStatus, results?: TestingResults | null): TestingTask {
  return {
    id: task.id,
    application_id: task.applicationId,
    data_source: task.dataSource,
    name: task.name,
    document: task.documentId && documentName !== null ? { id: task.documentId, name: documentName } : null,
    columns: task.columns,
    population: (task.population as Population | null) ?? null,
    status,
    error: status === "error" ? error : null,
    error_params: status === "error" ? task.errorParams : null,
    rows_read: task.rowsRead,
    history: task.history,
    started_by: { id: task.startedById, name: task.startedByName },
    summary: task.summary,
    created_at: task.createdAt.toISOString(),
    updated_at: task.updatedAt.toISOString(),
    ...(results !== undefined && { results }),
  };
}

/** A testing task of this company and application as the abilities see it (its rules name `applicationId` or the application's groups). */
export const testingTaskSubject = (companyId: string, applicationId: string, groupIds: string[]) =>
  asSubject("TestingTask", { companyId, applicationId, resource_group_ids: groupIds });

/** The tasks the caller may read, as a WHERE clause: their company's, of the applications their roles reach. */
export const readableTestingTasks = (request: FastifyRequest) =>
  and(
    eq(testingTasks.companyId, request.user.companyId),
    scopeOf(request.ability, "read", "TestingTask", { companyId: testingTasks.companyId, applicationId: testingTasks.applicationId }),
  )!;

/**
 * The application whose tests the caller works with: 404 unless they read its tests (another company's, or one
 * out of reach, does not exist for them), 403 when they read them but may not take `action`.
 */
export async function applicationForTesting(db: Db, request: FastifyRequest, applicationId: string, action: Action = "read", detail?: string): Promise<ApplicationRow> {
  const [found] = await db
    .select({ application: applications, groupIds: groupIdsOf(applications.id) })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.companyId, request.user.companyId)));
  const application = found?.application;
  const subject = found && testingTaskSubject(found.application.companyId, found.application.id, found.groupIds);
  if (!application || !request.ability.can("read", subject)) throw notFound("Application");
  if (action !== "read" && !request.ability.can(action, subject)) throw forbidden(detail);
  return application;
}

/**
 * The task of this application with this id if the caller can read it (else 404, never 403: a task of an
 * application out of reach, or of another company, does not exist for them), and 403 when they read it but may
 * not take `action`. Answers the whole row, results included, with its status and error.
 */
export async function findTestingTask(db: Db, request: FastifyRequest, applicationId: string, taskId: string, action: Action = "read", detail?: string): Promise<FoundTestingTask> {
  const [found] = await db
    .select({ task: testingTasks, status: processingItems.status, error: processingItems.error, groupIds: groupIdsOf(testingTasks.applicationId) })
    .from(testingTasks)
    .innerJoin(processingItems, eq(processingItems.id, testingTasks.processingItemId))
    .where(and(eq(testingTasks.id, taskId), eq(testingTasks.applicationId, applicationId), eq(testingTasks.companyId, request.user.companyId)));
  const subject = found && testingTaskSubject(found.task.companyId, found.task.applicationId, found.groupIds);
  if (!found || !request.ability.can("read", subject)) throw notFound("Testing task");
  if (action !== "read" && !request.ability.can(action, subject)) throw forbidden(detail);
  return { ...found.task, status: found.status, error: found.error };
}

/** The task as a single read answers it, results included (the caller has already been checked). */
export async function testingTaskView(db: Db, taskId: string): Promise<TestingTask> {
  const [found] = await selectTasks(db).where(eq(testingTasks.id, taskId));
  if (!found) throw notFound("Testing task");
  // An LLM run's detail tables are paged at /v2/testing/llm/{documentId}/tables, not answered with the task.
  const [{ results }] = await db
    .select({ results: sql<TestingResults | null>`${testingTasks.results} - 'tables_data'` })
    .from(testingTasks)
    .where(eq(testingTasks.id, taskId));
  return toTestingTask(found, results ?? null);
}

const TASK_SORTING: ListSorting = { keys: { created_at: testingTasks.createdAt }, default: "-created_at", id: testingTasks.id };

export interface TestingTaskListQuery extends ListQuery {
  q?: string;
  data_source?: TestingTaskRow["dataSource"][];
  status?: TestingStatus[];
}

/** An application's tasks (the caller reached it through applicationForTesting), filtered as asked, without results: what a page of the list and its export read. */
export function testingTaskList(db: Db, request: FastifyRequest, applicationId: string, query: ListFilters<TestingTaskListQuery>): ListSource<TaskWithStatus, TestingTask> {
  const filters: SQL[] = [readableTestingTasks(request), eq(testingTasks.applicationId, applicationId)];
  if (query.q) filters.push(ilike(testingTasks.name, likePattern(query.q)));
  if (query.data_source?.length) filters.push(inArray(testingTasks.dataSource, query.data_source));
  // The total is counted on the tasks alone, so the status filter asks the queue in a subquery rather than a join.
  if (query.status?.length) {
    filters.push(inArray(testingTasks.processingItemId, db.select({ id: processingItems.id }).from(processingItems).where(inArray(processingItems.status, query.status))));
  }
  return {
    table: testingTasks,
    where: and(...filters),
    sorting: TASK_SORTING,
    select: (extra) => selectTasks(db, extra).$dynamic(),
    toItems: (rows) => rows.map((row) => toTestingTask(row)),
  };
}

/** One page of an application's tasks (the caller reached it through applicationForTesting), newest first, without results. */
export async function listTestingTasks(db: Db, request: FastifyRequest, applicationId: string, query: TestingTaskListQuery): Promise<{ items: TestingTask[] } & ListTotal> {
  return listItems(db, testingTaskList(db, request, applicationId, query), query);
}
