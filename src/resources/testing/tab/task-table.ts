import type { HttpError } from "@refinedev/core";
import { useDataGrid } from "@refinedev/mui";
import type { TestingTask } from "../../../../domain/entities/testing-task";
import { isWorking, POLL_MS, TESTING_RESOURCE, testingTasksPath } from "../task-api";

/** The application's tasks as a server-paged grid, newest first, polled while a row is with a worker. */
export function useTestingTaskTable(applicationId: string) {
  return useDataGrid<TestingTask, HttpError>({
    resource: TESTING_RESOURCE,
    meta: { path: testingTasksPath(applicationId) },
    sorters: { initial: [{ field: "created_at", order: "desc" }] },
    syncWithLocation: false,
    queryOptions: { enabled: Boolean(applicationId), retry: false, refetchInterval: (q) => (q.state.data?.data?.some((t) => isWorking(t.status)) ? POLL_MS : false) },
    errorNotification: false,
  });
}
