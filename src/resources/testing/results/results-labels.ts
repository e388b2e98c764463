import type { TestingTask } from "../../../../domain/entities/testing-task";

/** When the run finished: its last move to `ready`, or its last change for a task without that history. */
export function finishedAt(task: Pick<TestingTask, "history" | "updated_at">): string {
  const ready = task.history.filter((h) => h.status === "ready").at(-1);
  return ready?.at ?? task.updated_at;
}
