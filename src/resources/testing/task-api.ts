import { useCallback } from "react";
import { useCustomMutation, useDelete, useInvalidate, useList, useOne, type CrudFilter, type HttpError } from "@refinedev/core";
import type { TestingStatus, TestingTask } from "../../../domain/entities/testing-task";

/** The Refine resource of testing tasks; its records live under their application's API path. */
export const TESTING_RESOURCE = "testing";

/** A worker moves a task on by itself from these statuses: pages showing one poll until it settles. */
const WORKING: readonly TestingStatus[] = ["waiting", "analyzing"];
export const POLL_MS = 1500;

export const testingTasksPath = (applicationId: string) => `applications/${applicationId}/testing/tasks`;

/** A task is checked against its application: the rules scope testing tasks by `applicationId` or by the application's groups. */
export const testingRecord = (application: { id: string; resource_group_ids: string[] }) => ({
  id: application.id,
  applicationId: application.id,
  resource_group_ids: application.resource_group_ids,
});

export const isWorking = (status: TestingStatus | undefined) => status !== undefined && WORKING.includes(status);

/** One task with its results, polled while a worker has it. */
export function useTestingTask(applicationId: string, taskId: string) {
  const { result, query } = useOne<TestingTask, HttpError>({
    resource: TESTING_RESOURCE,
    id: taskId,
    meta: { path: testingTasksPath(applicationId) },
    queryOptions: { enabled: Boolean(applicationId && taskId), retry: false, refetchInterval: (q) => (isWorking(q.state.data?.data?.status) ? POLL_MS : false) },
    errorNotification: false,
  });
  return { task: result, query };
}

/** An application's tasks, newest first, polled while any is with a worker. */
export function useTestingTasks(applicationId: string, filters: CrudFilter[] = [], pageSize = 25) {
  const { result, query } = useList<TestingTask, HttpError>({
    resource: TESTING_RESOURCE,
    meta: { path: testingTasksPath(applicationId) },
    filters,
    sorters: [{ field: "created_at", order: "desc" }],
    pagination: { pageSize },
    queryOptions: { enabled: Boolean(applicationId), retry: false, refetchInterval: (q) => (q.state.data?.data?.some((t) => isWorking(t.status)) ? POLL_MS : false) },
    errorNotification: false,
  });
  return { tasks: result.data, total: result.total, query };
}

/** Every view of the application's tasks (the grid, the trend, a task's page) is read again. */
export function useRefreshTasks() {
  const invalidate = useInvalidate();
  return useCallback(() => invalidate({ resource: TESTING_RESOURCE, invalidates: ["list", "detail"] }), [invalidate]);
}

/** POST …/tasks/{taskId}/retry: a failed task goes back to the queue. */
export function useRetryTask(applicationId: string) {
  const { mutateAsync, mutation } = useCustomMutation<TestingTask>();
  const refresh = useRefreshTasks();
  const retry = useCallback(
    async (taskId: string) => {
      await mutateAsync({ url: `/${testingTasksPath(applicationId)}/${taskId}/retry`, method: "post", values: {}, successNotification: false, errorNotification: false });
      await refresh();
    },
    [applicationId, mutateAsync, refresh],
  );
  return { retry, busy: mutation.isPending };
}

/** DELETE …/tasks/{taskId}; the server refuses (409) while a worker analyses it. */
export function useDeleteTask(applicationId: string) {
  const { mutateAsync } = useDelete<TestingTask, HttpError>();
  return useCallback(
    (taskId: string) =>
      mutateAsync({ resource: TESTING_RESOURCE, id: taskId, meta: { path: testingTasksPath(applicationId) }, successNotification: false, errorNotification: false }),
    [applicationId, mutateAsync],
  );
}
