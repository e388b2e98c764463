import { useCustom, type HttpError } from "@refinedev/core";
import type { MyWorkItem } from "../../../domain/entities/my-work";

/** GET /my-work: what waits for the signed-in user, most urgent first (the server decides what counts). */
export function useMyWork(enabled = true) {
  const { query, result } = useCustom<{ items: MyWorkItem[] }, HttpError>({
    url: "/my-work",
    method: "get",
    queryOptions: { enabled, refetchOnWindowFocus: true },
    errorNotification: false,
  });
  return { items: result.data?.items ?? [], loaded: query.isSuccess, isLoading: query.isLoading && enabled, isError: query.isError };
}
