import { useCallback } from "react";
import { useInvalidate } from "@refinedev/core";

/**
 * After a change whose effects reach beyond its record (a save re-classifies an application and records
 * an assessment; a vendor's new risk level re-rates the applications that use it), every data query on
 * screen is refetched through Refine's invalidation; the others are marked stale and refetch when shown.
 */
export function useRefreshShown(): () => Promise<void> {
  const invalidate = useInvalidate();
  return useCallback(() => invalidate({ invalidates: ["all"] }), [invalidate]);
}
