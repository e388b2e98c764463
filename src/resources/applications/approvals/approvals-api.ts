import { useCustom, type HttpError } from "@refinedev/core";
import type { SnapshotChange } from "../../../../domain/approvals/compare";
import type { ApprovalSnapshot, SnapshotSummary } from "../../../../domain/approvals/snapshot";

const base = (applicationId: string) => `/applications/${applicationId}/approval-snapshots`;

/** GET /applications/{id}/approval-snapshots: the decisions' snapshots, newest first (an application has a few). */
export function useSnapshots(applicationId: string) {
  const { query, result } = useCustom<{ items: SnapshotSummary[]; total: number }, HttpError>({
    url: base(applicationId),
    method: "get",
    config: { query: { page_size: 200 } },
    queryOptions: { retry: false },
    errorNotification: false,
  });
  return { items: result.data?.items ?? [], query };
}

/** One snapshot whole, while one is open. */
export function useSnapshot(applicationId: string, snapshotId: string | null) {
  const { query, result } = useCustom<ApprovalSnapshot, HttpError>({
    url: `${base(applicationId)}/${snapshotId ?? ""}`,
    method: "get",
    queryOptions: { enabled: snapshotId !== null, retry: false },
    errorNotification: false,
  });
  return { snapshot: snapshotId && result.data && "content" in result.data ? result.data : undefined, query };
}

/** The comparison asked for: a snapshot with another one, or with the application now (`current`). */
export function useComparison(applicationId: string, pair: { from: string; to: string } | null) {
  const { query, result } = useCustom<{ changes: SnapshotChange[] }, HttpError>({
    url: `${base(applicationId)}/compare`,
    method: "get",
    config: pair ? { query: pair } : undefined,
    queryOptions: { enabled: pair !== null, retry: false, gcTime: 0 },
    errorNotification: false,
  });
  return { changes: pair ? result.data?.changes : undefined, query };
}
