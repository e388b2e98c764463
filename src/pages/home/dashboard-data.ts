import { useCustom, useList } from "@refinedev/core";
import { useAbility } from "@casl/react";
import { roleMatches, type AppAbility } from "../../../domain/access/abilities";
import type { CurrentUser, RoleName } from "../../../domain/access/current-user";
import type { Application, ApplicationMetrics } from "../../../domain/entities/application";
import { AWAITING_KINDS } from "../../../domain/workflow";
import { useAwaitingWork, useMyWorkCounts } from "../my-work/my-work-data";

/** Holds the role on a resource group or on at least one application. */
function holdsRole(user: CurrentUser, role: RoleName): boolean {
  return user.roles.some((r) => roleMatches(r.name, role)) || user.application_roles.some((r) => roleMatches(r.name, role));
}

/** Only these roles are ever asked to act on an application's approval. */
const ACTING_ROLES: RoleName[] = ["ApplicationReviewer", "ApplicationApprover", "ApplicationContributor"];

export const LIST_LENGTH = 5;

export function useMetrics() {
  return useCustom<ApplicationMetrics>({ url: "/applications/metrics", method: "get", errorNotification: false });
}

/**
 * The approval steps waiting for the user: how many (My Work's counts, one rule on the server decides both) and
 * the first LIST_LENGTH of them. Not asked of users whose roles never act on one.
 */
export function useAwaiting(user: CurrentUser | undefined) {
  const applies = Boolean(user) && ACTING_ROLES.some((role) => holdsRole(user!, role));
  const counts = useMyWorkCounts(applies);
  const first = useAwaitingWork(LIST_LENGTH, applies);
  const count = counts.counts?.kinds.filter((k) => (AWAITING_KINDS as readonly string[]).includes(k.kind)).reduce((sum, k) => sum + k.count, 0);
  return { applies, count, items: first.items, isLoading: counts.isLoading || first.isLoading, isError: counts.isError || first.isError };
}

/** The first applications in an order: `next_review_due` (nulls last) for upcoming reviews, `-updated_at` for recent changes. */
export function useApplicationsBy(sort: "next_review_due" | "updated_at", order: "asc" | "desc") {
  const { query, result } = useList<Application>({
    resource: "applications",
    pagination: { currentPage: 1, pageSize: LIST_LENGTH },
    sorters: [{ field: sort, order }],
    errorNotification: false,
  });
  return { items: result.data ?? [], isLoading: query.isLoading, isError: query.isError };
}

/** What the dashboard reads of GET /frameworks; that area owns the full contract (domain/entities/framework.ts). */
export interface FrameworkProgress {
  id: string;
  short_name: string;
  enabled: boolean;
  progress: { progress: number; applicable: number };
}

/** Enabled frameworks with their control progress, asked for only by users who may read frameworks. */
export function useFrameworkProgress() {
  const mayRead = useAbility<AppAbility>().can("read", "Framework");
  const { query, result } = useList<FrameworkProgress>({
    resource: "frameworks",
    pagination: { currentPage: 1, pageSize: 50 },
    filters: [{ field: "enabled", operator: "eq", value: "true" }],
    errorNotification: false,
    queryOptions: { enabled: mayRead },
  });
  return { available: mayRead && query.isSuccess, items: result.data ?? [] };
}
