import { useCustom, useList } from "@refinedev/core";
import { roleMatches } from "../../../domain/access/abilities";
import type { CurrentUser, RoleName } from "../../../domain/access/current-user";
import type { Application, ApplicationMetrics } from "../../../domain/entities/application";
import type { ApprovalStatus } from "../../../domain/workflow";

/** Why an application waits for the signed-in user (dashboard.reasons.*). */
export type ActionReason = "review" | "approve" | "changes" | "reapproval";

export interface AwaitingItem {
  application: Application;
  reason: ActionReason;
}

/** Holds the role on a resource group or on at least one application. */
function holdsRole(user: CurrentUser, role: RoleName): boolean {
  return user.roles.some((r) => roleMatches(r.name, role)) || user.application_roles.some((r) => roleMatches(r.name, role));
}

/** The approval statuses that may ask something of this user, by role. */
function statusesAwaiting(user: CurrentUser): ApprovalStatus[] {
  const statuses: ApprovalStatus[] = [];
  if (holdsRole(user, "ApplicationReviewer")) statuses.push("submitted");
  if (holdsRole(user, "ApplicationApprover")) statuses.push("in_review");
  if (holdsRole(user, "ApplicationContributor")) statuses.push("changes_requested", "draft");
  return statuses;
}

/**
 * What the user must do for an application, if anything: reviewers start the review of a submitted one,
 * approvers decide one in review (not their own submission), contributors answer requested changes and
 * resubmit one whose approval a material change reset.
 */
function reasonFor(user: CurrentUser, app: Application): ActionReason | null {
  switch (app.approval_status) {
    case "submitted":
      return holdsRole(user, "ApplicationReviewer") ? "review" : null;
    case "in_review":
      return holdsRole(user, "ApplicationApprover") && app.submitted_by !== user.id ? "approve" : null;
    case "changes_requested":
      return holdsRole(user, "ApplicationContributor") ? "changes" : null;
    case "draft":
      return holdsRole(user, "ApplicationContributor") && app.approval_reset_reason !== null ? "reapproval" : null;
    default:
      return null;
  }
}

/** The list API's largest page: the dashboard counts what waits within it. */
const AWAITING_PAGE = 200;
export const LIST_LENGTH = 5;

export function useMetrics() {
  return useCustom<ApplicationMetrics>({ url: "/applications/metrics", method: "get", errorNotification: false });
}

/** Applications awaiting the user, the longest waiting first; disabled for users whose roles never act on one. */
export function useAwaiting(user: CurrentUser | undefined) {
  const statuses = user ? statusesAwaiting(user) : [];
  const { query, result } = useList<Application>({
    resource: "applications",
    pagination: { currentPage: 1, pageSize: AWAITING_PAGE },
    sorters: [{ field: "updated_at", order: "asc" }],
    filters: [{ field: "approval_status", operator: "in", value: statuses }],
    errorNotification: false,
    queryOptions: { enabled: statuses.length > 0 },
  });
  const items: AwaitingItem[] = [];
  if (user) {
    for (const application of result.data ?? []) {
      const reason = reasonFor(user, application);
      if (reason) items.push({ application, reason });
    }
  }
  return { applies: statuses.length > 0, items, isLoading: query.isLoading && statuses.length > 0, isError: query.isError };
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

/** Enabled frameworks with their control progress; an API without frameworks answers 404 and the chart stays hidden. */
export function useFrameworkProgress() {
  const { query, result } = useList<FrameworkProgress>({
    resource: "frameworks",
    pagination: { currentPage: 1, pageSize: 50 },
    filters: [{ field: "enabled", operator: "eq", value: "true" }],
    errorNotification: false,
  });
  return { available: query.isSuccess, items: result.data ?? [] };
}
