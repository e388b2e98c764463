import { useCallback } from "react";
import type { TestingTask } from "../../../domain/entities/testing-task";
import { useResourceUrl } from "../links";
import { TESTING_RESOURCE } from "./task-api";

type TaskRef = Pick<TestingTask, "id" | "application_id">;

/** Links to a task's pages, from the resource's route patterns: its status, its results, and the one to open now. */
export function useTaskUrls() {
  const url = useResourceUrl();
  const statusUrl = useCallback((task: TaskRef) => url(TESTING_RESOURCE, "status", { applicationId: task.application_id, taskId: task.id }), [url]);
  const resultsUrl = useCallback((task: TaskRef) => url(TESTING_RESOURCE, "results", { applicationId: task.application_id, taskId: task.id }), [url]);
  /** A ready task opens on its results; any other on its status, where its progress or failure shows. */
  const openUrl = useCallback((task: TaskRef & Pick<TestingTask, "status">) => (task.status === "ready" ? resultsUrl(task) : statusUrl(task)), [resultsUrl, statusUrl]);
  return { statusUrl, resultsUrl, openUrl };
}
