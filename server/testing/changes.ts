import { and, eq } from "drizzle-orm";
import { TESTING_ERRORS, type TestingStatus, type TestingTaskCreate } from "../../domain/entities/testing-task";
import type { ApplicationRow } from "../applications/row";
import { actorOf, recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { modelEndpoints, processingItems, testingTasks } from "../db/schema";
import type { CurrentUser } from "../identity/caller";
import { badRequest, conflict, notFound } from "../plugins/problem";
import { enqueueItem } from "../processing/queue";
import type { Storage } from "../storage/types";
import { checkLlmUserInput, checkMlUserInput } from "./inputs";
import { historyWith } from "./history";
import { populationProblems } from "./synthetic/population";
import type { FoundTestingTask } from "./store";

/** The writes behind /v2/applications/{id}/testing/tasks: start, retry and delete a test, each audited. */

interface TaskInput {
  documentId: string | null;
  columns: Record<string, unknown> | null;
  population: TestingTaskCreate["population"] | null;
  /** `waiting` when a worker can start at once; `created` when the task waits for the user (an offline scoring). */
  status: Extract<TestingStatus, "created" | "waiting">;
}

/** What the data source needs, checked (400 naming every failing field) and as it is stored. */
async function inputOf(db: Db, storage: Storage, application: ApplicationRow, body: TestingTaskCreate): Promise<TaskInput> {
  switch (body.data_source) {
    case "fairness_ml_user": {
      const { document, columns } = await checkMlUserInput(db, storage, application.id, body);
      return { documentId: document.id, columns, population: null, status: "waiting" };
    }
    case "fairness_ml_synthetic": {
      const population = body.population;
      if (!population) throw badRequest("A synthetic test needs its population.", [{ path: "population", message: "validation.required" }]);
      const problems = populationProblems(population);
      if (problems.length > 0) throw badRequest("The population cannot be generated as described.", problems);
      if (population.scoring === "endpoint") {
        const [endpoint] = await db.select({ id: modelEndpoints.applicationId }).from(modelEndpoints).where(eq(modelEndpoints.applicationId, application.id));
        if (!endpoint) throw badRequest("The application has no model endpoint to score the population.", [{ path: "population.scoring", message: TESTING_ERRORS.endpointMissing }]);
      }
      // Scored offline, the task waits for the user's scored upload (created); by the endpoint, a worker takes it now.
      return { documentId: null, columns: null, population, status: population.scoring === "endpoint" ? "waiting" : "created" };
    }
    case "fairness_llm_user": {
      const { document, columns } = await checkLlmUserInput(db, storage, application.id, body);
      return { documentId: document.id, columns, population: null, status: "waiting" };
    }
  }
}

/**
 * Starts a test on an application the caller may test (checked by the route): its input checked, a processing item
 * of kind `test` queued (or left `created` for an offline scoring), the task owned by its starter. Answers its id and
 * whether a worker should be woken.
 */
export async function createTestingTask(db: Db, storage: Storage, user: CurrentUser, application: ApplicationRow, body: TestingTaskCreate): Promise<{ id: string; queued: boolean }> {
  const input = await inputOf(db, storage, application, body);
  const actor = actorOf(user);
  const now = new Date();
  const history = [{ status: "created" as const, at: now.toISOString() }, ...(input.status === "waiting" ? [{ status: "waiting" as const, at: now.toISOString() }] : [])];
  const id = await db.transaction(async (tx) => {
    const [item] = await tx.insert(processingItems).values({ companyId: application.companyId, kind: "test", status: input.status }).returning();
    const [task] = await tx
      .insert(testingTasks)
      .values({
        companyId: application.companyId,
        applicationId: application.id,
        processingItemId: item.id,
        dataSource: body.data_source,
        name: body.name || null,
        documentId: input.documentId,
        columns: input.columns,
        population: input.population,
        history,
        startedById: user.actor === "user" ? user.id : null,
        startedByName: actor.name,
      })
      .returning();
    await recordAudit(tx, actor, {
      entityType: "testing_task",
      entityId: task.id,
      action: "testing.started",
      after: { application_id: application.id, data_source: task.dataSource, name: task.name, document_id: task.documentId, columns: task.columns, population: task.population },
    });
    return task.id;
  });
  return { id, queued: input.status === "waiting" };
}

/** Locks the task's processing item for the rest of the transaction and answers its status (a worker's claim skips a locked item). */
async function lockedStatus(tx: Pick<Db, "select">, task: FoundTestingTask): Promise<TestingStatus> {
  const [item] = await tx.select({ status: processingItems.status }).from(processingItems).where(eq(processingItems.id, task.processingItemId)).for("update");
  if (!item) throw notFound("Testing task");
  return item.status;
}

/** error → waiting: the task runs again from the start (its error and progress cleared); 409 from any other status. Audited. */
export async function retryTestingTask(db: Db, user: CurrentUser, task: FoundTestingTask): Promise<void> {
  await db.transaction(async (tx) => {
    const status = await lockedStatus(tx, task);
    if (status !== "error" || !(await enqueueItem(tx, task.processingItemId))) throw conflict("Only a test that ended in error can be retried.");
    const now = new Date();
    await tx
      .update(testingTasks)
      .set({ errorParams: null, rowsRead: 0, results: null, summary: null, finishedAt: null, history: historyWith("waiting", now), updatedAt: now })
      .where(and(eq(testingTasks.id, task.id), eq(testingTasks.companyId, user.companyId)));
    await recordAudit(tx, actorOf(user), { entityType: "testing_task", entityId: task.id, action: "testing.retried", before: { status, error: task.error } });
  });
}

/** Deletes a task and its processing item; 409 while a worker is analyzing it (its run would write to nothing). Audited. */
export async function deleteTestingTask(db: Db, user: CurrentUser, task: FoundTestingTask): Promise<void> {
  await db.transaction(async (tx) => {
    const status = await lockedStatus(tx, task);
    if (status === "analyzing") throw conflict("This test is being analysed: delete it once it has finished.");
    await tx.delete(testingTasks).where(and(eq(testingTasks.id, task.id), eq(testingTasks.companyId, user.companyId)));
    await tx.delete(processingItems).where(eq(processingItems.id, task.processingItemId));
    await recordAudit(tx, actorOf(user), {
      entityType: "testing_task",
      entityId: task.id,
      action: "testing.deleted",
      before: { application_id: task.applicationId, data_source: task.dataSource, name: task.name, status, input_sha256: task.results?.provenance.input_sha256 ?? null },
    });
  });
}
