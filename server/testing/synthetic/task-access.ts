import type { FastifyRequest } from "fastify";
import { and, eq } from "drizzle-orm";
import type { Action } from "../../../domain/access/abilities";
import type { ProcessingStatus } from "../../../domain/entities/document";
import { findApplication } from "../../applications/store";
import type { Db } from "../../db/client";
import { processingItems, testingTasks } from "../../db/schema";
import { notFound } from "../../plugins/problem";
import type { TestingTaskRow } from "../analyzer";

export interface TaskInReach {
  task: TestingTaskRow;
  status: ProcessingStatus;
}

/**
 * A testing task of an application the caller reaches (else 404: neither the application nor the task is
 * revealed), with its queue status; 403 when they see it but may not take `action` on the application.
 * Scoped by company and application in SQL, so an id of another company's task finds nothing.
 */
export async function findTaskInReach(db: Db, request: FastifyRequest, applicationId: string, taskId: string, action: Action = "read", detail?: string): Promise<TaskInReach> {
  const { row: application } = await findApplication(db, request, applicationId, action, detail);
  const [found] = await db
    .select({ task: testingTasks, status: processingItems.status })
    .from(testingTasks)
    .innerJoin(processingItems, eq(processingItems.id, testingTasks.processingItemId))
    .where(and(eq(testingTasks.id, taskId), eq(testingTasks.applicationId, application.id), eq(testingTasks.companyId, request.user.companyId)));
  if (!found) throw notFound("Testing task");
  return found;
}
