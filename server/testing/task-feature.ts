import type { FastifyRequest } from "fastify";
import { and, eq } from "drizzle-orm";
import type { DataSource } from "../../domain/entities/testing-task";
import type { ProductFlagKey } from "../../domain/flags/catalogue";
import { testingTasks } from "../db/schema";

/** The product feature a kind of test belongs to beyond testing itself: LLM tests are the LLM testing area. */
export const featureOfDataSource = (dataSource: DataSource | undefined): ProductFlagKey | undefined =>
  dataSource === "fairness_llm_user" ? "llm-testing" : undefined;

/**
 * `config.featureOf` of the routes of one testing task (`:taskId`): its kind decides, read by id within the
 * caller's company only — a task of another company or none at all belongs to no feature, and its handler
 * answers 404 as usual.
 */
export async function featureOfTestingTask(request: FastifyRequest): Promise<ProductFlagKey | undefined> {
  const { taskId } = request.params as { taskId: string };
  const [task] = await request.server.db
    .select({ dataSource: testingTasks.dataSource })
    .from(testingTasks)
    .where(and(eq(testingTasks.id, taskId), eq(testingTasks.companyId, request.user.companyId)));
  return featureOfDataSource(task?.dataSource);
}

/** `config.featureOf` of starting a test: the kind is in the body. */
export const featureOfNewTestingTask = (request: FastifyRequest): ProductFlagKey | undefined =>
  featureOfDataSource((request.body as { data_source?: DataSource } | undefined)?.data_source);
