import { useCustom, useInfiniteList, useList, type HttpError } from "@refinedev/core";
import type { MyWorkCounts, MyWorkItem, MyWorkKind } from "../../../domain/entities/my-work";
import { AWAITING_KINDS } from "../../../domain/workflow";

/** How many items a My Work section shows at first, and adds on each "Show more". */
export const SECTION_PAGE_SIZE = 10;

/** GET /my-work/counts: how much of each kind waits for the signed-in user (the server decides what counts). */
export function useMyWorkCounts(enabled = true) {
  const { query } = useCustom<MyWorkCounts, HttpError>({
    url: "/my-work/counts",
    method: "get",
    queryOptions: { enabled, refetchOnWindowFocus: true },
    errorNotification: false,
  });
  // The query's own data: before the first answer `result.data` is an empty object, not nothing.
  return { counts: query.data?.data, loaded: query.isSuccess, isLoading: query.isLoading && enabled, isError: query.isError };
}

/** One kind of work, most urgent first, a page at a time ("Show more" reads the next). */
export function useWorkSection(kind: MyWorkKind) {
  const { query, result } = useInfiniteList<MyWorkItem, HttpError>({
    resource: "my-work",
    filters: [{ field: "kind", operator: "eq", value: kind }],
    pagination: { currentPage: 1, pageSize: SECTION_PAGE_SIZE },
    queryOptions: { refetchOnWindowFocus: true },
    errorNotification: false,
  });
  return {
    items: result.data?.pages.flatMap((page) => page.data) ?? [],
    hasMore: Boolean(result.hasNextPage),
    showMore: () => void query.fetchNextPage(),
    isLoadingMore: query.isFetchingNextPage,
    isLoading: query.isLoading,
    isError: query.isError,
  };
}

/** The first `size` approval steps waiting for the user (the dashboard's list), most urgent first. */
export function useAwaitingWork(size: number, enabled = true) {
  const { query, result } = useList<MyWorkItem, HttpError>({
    resource: "my-work",
    filters: [{ field: "kind", operator: "in", value: [...AWAITING_KINDS] }],
    pagination: { currentPage: 1, pageSize: size },
    queryOptions: { enabled, refetchOnWindowFocus: true },
    errorNotification: false,
  });
  return { items: result.data ?? [], isLoading: query.isLoading && enabled, isError: query.isError };
}
