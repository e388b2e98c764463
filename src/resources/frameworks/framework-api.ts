import { useCustom, type HttpError } from "@refinedev/core";
import type { ApplicationFramework, FrameworkDetail, FrameworkSummary } from "../../../domain/entities/framework";

export interface FrameworkFilters {
  q?: string;
  status?: string;
  enabled?: "true" | "false";
}

/** GET /frameworks: the library with the company's settings and progress. */
export function useFrameworks(filters: FrameworkFilters) {
  const { query, result } = useCustom<{ items: FrameworkSummary[]; total: number }, HttpError>({
    url: "/frameworks",
    method: "get",
    config: { query: { ...filters, page_size: 200 } },
    queryOptions: { retry: false },
    errorNotification: false,
  });
  return { items: result.data?.items ?? [], query };
}

/** GET /frameworks/{id}: requirements, mapped controls, progress per application. */
export function useFramework(id: string) {
  const { query, result } = useCustom<FrameworkDetail, HttpError>({
    url: `/frameworks/${id}`,
    method: "get",
    queryOptions: { enabled: Boolean(id), retry: false },
    errorNotification: false,
  });
  return { framework: result.data && "id" in result.data ? result.data : undefined, query };
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
