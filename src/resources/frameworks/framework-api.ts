import { useCustom, useCustomMutation, useInvalidate, useList, useOne, type CrudFilter, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { ApplicationFramework, FrameworkDetail, FrameworkSummary } from "../../../domain/entities/framework";

export interface FrameworkFilters {
  q?: string;
  status?: string;
  enabled?: "true" | "false";
}

export const FRAMEWORKS_RESOURCE = "frameworks";

/** GET /frameworks: the whole library (a handful of frameworks) with the company's settings and progress. */
export function useFrameworks({ q, status, enabled }: FrameworkFilters) {
  const filters: CrudFilter[] = [
    { field: "q", operator: "contains", value: q },
    { field: "status", operator: "eq", value: status },
    { field: "enabled", operator: "eq", value: enabled },
  ];
  const { query, result } = useList<FrameworkSummary, HttpError>({
    resource: FRAMEWORKS_RESOURCE,
    filters,
    pagination: { mode: "off" },
    queryOptions: { retry: false },
    errorNotification: false,
  });
  return { items: result.data, query };
}

/** GET /frameworks/{id}: requirements, mapped controls, progress per application. */
export function useFramework(id: string) {
  const { query, result } = useOne<FrameworkDetail, HttpError>({
    resource: FRAMEWORKS_RESOURCE,
    id,
    queryOptions: { enabled: Boolean(id), retry: false },
    errorNotification: false,
  });
  return { framework: result, query };
}

/** PUT /frameworks/{id}/setting: the company switches a framework on or off; the library is fetched again. */
export function useFrameworkSetting() {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation();
  const set = async (framework: FrameworkSummary, enabled: boolean) => {
    await mutateAsync({
      url: `/${FRAMEWORKS_RESOURCE}/${framework.id}/setting`,
      method: "put",
      values: { enabled },
      successNotification: () => ({ type: "success", message: t(enabled ? "frameworks.enabled" : "frameworks.disabled", { name: framework.name }) }),
      errorNotification: (error) => ({ type: "error", message: error?.message ?? "" }),
    });
    await invalidate({ resource: FRAMEWORKS_RESOURCE, invalidates: ["list", "detail"], id: framework.id });
  };
  return { set, saving: mutation.isPending };
}

/** GET /applications/{id}/frameworks: which apply to one application, by default or override. */
export function useApplicationFrameworks(applicationId: string) {
  const { query, result } = useCustom<{ items: ApplicationFramework[]; total: number }, HttpError>({
    url: `/applications/${applicationId}/frameworks`,
    method: "get",
    queryOptions: { enabled: Boolean(applicationId), retry: false },
    errorNotification: false,
  });
  return { items: result.data?.items ?? [], query };
}
