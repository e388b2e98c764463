import type { TFunction } from "i18next";
import { RACE_ETHNICITY, SEX, SEX_RACE_ETHNICITY, type TestingTask } from "../../../../domain/entities/testing-task";
import { routeUrl } from "../../links";

/** The categories the law names have a label; any other attribute is shown by the key the user mapped it under. */
const NAMED_CATEGORIES = new Set<string>([SEX, RACE_ETHNICITY, SEX_RACE_ETHNICITY]);

export const categoryLabel = (t: TFunction, category: string) =>
  NAMED_CATEGORIES.has(category) ? t(`testing-results.categories.${category}`) : category;

/** A test is known by its name, or else by what it analysed. */
export const testTitle = (t: TFunction, task: Pick<TestingTask, "name" | "data_source">) =>
  task.name?.trim() || t(`testing-results.dataSources.${task.data_source}`);

/** When the run finished: its last move to `ready`, or its last change for a task without that history. */
export function finishedAt(task: Pick<TestingTask, "history" | "updated_at">): string {
  const ready = task.history.filter((h) => h.status === "ready").at(-1);
  return ready?.at ?? task.updated_at;
}

/** The status page of a task: where a test without results says what it is doing, or why it failed. */
export const statusDetailsUrl = (applicationId: string, taskId: string) =>
  routeUrl("/application-testing/status-details/:applicationId/:taskId", { applicationId, taskId });
