import { QueryClient } from "@tanstack/react-query";

export const QUERY_STALE_MS = 2 * 60 * 1000;

/** Queries stay fresh for 2 minutes and are never retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: QUERY_STALE_MS, retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
