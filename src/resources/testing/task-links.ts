import { useCallback } from "react";
import type { TestingTask } from "../../../domain/entities/testing-task";
import { useResourceUrl } from "../links";
import { TESTING_RESOURCE } from "./task-api";

type TaskRef = Pick<TestingTask, "id" | "application_id"> & Partial<Pick<TestingTask, "data_source" | "document">>;

/** LLM results are read by the analysed document: a task over one opens that document's LLM pages. */
const llmDocumentOf = (task: TaskRef) => (task.data_source === "fairness_llm_user" ? task.document?.id : undefined);

/** Links to a task's pages, from the resource's route patterns: its status, its results, and the one to open now. */
export function useTaskUrls() {
  const url = useResourceUrl();
  const statusUrl = useCallback((task: TaskRef) => url(TESTING_RESOURCE, "status", { applicationId: task.application_id, taskId: task.id }), [url]);
  const resultsUrl = useCallback(
    (task: TaskRef) => {
      const documentId = llmDocumentOf(task);
      return documentId ? url(TESTING_RESOURCE, "llmSummary", { documentId }) : url(TESTING_RESOURCE, "results", { applicationId: task.application_id, taskId: task.id });
    },
    [url],
  );
  /** A ready task opens on its results; any other on its status, where its progress or failure shows. */
  const openUrl = useCallback((task: TaskRef & Pick<TestingTask, "status">) => (task.status === "ready" ? resultsUrl(task) : statusUrl(task)), [resultsUrl, statusUrl]);
  return { statusUrl, resultsUrl, openUrl };
}
