import { PAGE_SIZE_MAX } from "../../../domain/api/list";

/**
 * Every GET the main pages make when they open (read from src/: pages, their data hooks and the providers),
 * as `npm run bench:pages` measures them and the pages-at-scale API test checks them. One list: when a page
 * asks for something else, edit its line here and both follow.
 */

/** The three callers: company-wide (Administrator, Reviewer on the ALL group) and group-scoped (Contributor). */
export const CALLERS = [
  { key: "administrator", label: "Administrator", email: "admin@steward.test" },
  { key: "reviewer", label: "Reviewer (ALL group)", email: "reviewer@steward.test" },
  { key: "contributor", label: "Contributor (SELECTED group)", email: "contributor@steward.test" },
] as const;
export type CallerKey = (typeof CALLERS)[number]["key"];

/** What a request may name: the fixture's sample records. */
export interface Samples {
  applicationId: string;
  incidentId: string;
  vendorId: string;
  frameworkId: string;
}

export interface PageRequest {
  page: string;
  /** The API path under /v2, query included. */
  path: (s: Samples) => string;
  /** Only these callers' pages make the request (absent: all three). */
  callers?: readonly CallerKey[];
}

/** The reference every request is compared with: the cheapest signed-in call, made by every page. */
export const REFERENCE_PATH = "/access/user";

/** Frameworks are read by Administrators and reviewers with company-level access (the dashboard asks only if it may). */
const COMPANY_WIDE: readonly CallerKey[] = ["administrator", "reviewer"];

const app = (s: Samples) => `/applications/${s.applicationId}`;

export const PAGE_REQUESTS: readonly PageRequest[] = [
  // The shell around every page: the caller, the bell.
  { page: "shell", path: () => "/access/user" },
  { page: "shell: notifications (bell)", path: () => "/notifications?days=30&page=1&page_size=20" },
  // The dashboard (src/pages/home): metrics, awaiting approval (My Work), upcoming reviews, recent changes, framework progress.
  { page: "dashboard: metrics", path: () => "/applications/metrics" },
  { page: "dashboard: upcoming reviews", path: () => "/applications?sort=next_review_due&page=1&page_size=5" },
  { page: "dashboard: recent changes", path: () => "/applications?sort=-updated_at&page=1&page_size=5" },
  { page: "dashboard: framework progress", path: () => "/frameworks?enabled=true&page=1&page_size=50", callers: COMPANY_WIDE },
  // My Work (src/pages/my-work): the counts per kind (the dashboard's too), then a page of each section.
  { page: "my work: counts", path: () => "/my-work/counts" },
  { page: "dashboard: awaiting approval", path: () => "/my-work?kind=review&kind=approve&kind=changes_requested&kind=reapproval&page=1&page_size=5" },
  { page: "my work: controls", path: () => "/my-work?kind=control&page=1&page_size=10" },
  { page: "my work: evidence", path: () => "/my-work?kind=evidence&page=1&page_size=10" },
  { page: "my work: reviews due", path: () => "/my-work?kind=review_due&page=1&page_size=10" },
  { page: "my work: everything, a deep page", path: () => "/my-work?page=50&page_size=10" },
  // The application list (src/resources/applications/list): first page, bench:lists's sorts and filters, a deep page.
  { page: "applications: first page", path: () => "/applications?sort=name&page=1&page_size=25" },
  { page: "applications: name sort, page 3", path: () => "/applications?page=3&page_size=25&sort=name" },
  { page: "applications: tier sort, two statuses", path: () => "/applications?page_size=25&sort=-risk_tier&approval_status=draft&approval_status=submitted" },
  // A word of one name in twelve, as a person types it, and the high tier.
  { page: "applications: search with a tier filter", path: () => "/applications?page_size=25&q=northwind&risk_tier=high" },
  { page: "applications: page 2000", path: () => "/applications?sort=name&page=2000&page_size=25" },
  // One application's page and its tabs (src/resources/applications, testing).
  { page: "application: record", path: (s) => app(s) },
  { page: "application: my roles on it", path: () => "/applications/role-assignments/user" },
  { page: "application: details", path: (s) => `${app(s)}/details` },
  { page: "application: frameworks tab", path: (s) => `${app(s)}/frameworks` },
  { page: "application: controls tab", path: (s) => `${app(s)}/controls` },
  { page: "application: control owners", path: (s) => `${app(s)}/authorized-users` },
  { page: "application: approvals tab", path: (s) => `${app(s)}/approval-snapshots?page_size=200` },
  { page: "application: activity tab", path: (s) => `${app(s)}/activity?page_size=200` },
  { page: "application: assessments tab", path: (s) => `${app(s)}/assessments?page_size=200` },
  { page: "application: comments tab", path: (s) => `${app(s)}/comments?page_size=200` },
  { page: "application: documents tab", path: (s) => `${app(s)}/documents?page_size=200&sort=-created_at` },
  { page: "application: testing tab", path: (s) => `${app(s)}/testing/tasks?sort=-created_at&page=1&page_size=25` },
  { page: "application: access tab", path: (s) => `${app(s)}/role-assignments` },
  // Frameworks (src/resources/frameworks): the library with progress, one framework with its applications.
  { page: "frameworks: list", path: () => "/frameworks?page=1&page_size=200", callers: COMPANY_WIDE },
  { page: "frameworks: detail", path: (s) => `/frameworks/${s.frameworkId}`, callers: COMPANY_WIDE },
  { page: "frameworks: detail", path: (s) => `/frameworks/${s.frameworkId}/applications?sort=name&page=1&page_size=25`, callers: COMPANY_WIDE },
  // Vendors (src/resources/vendors): the list with application counts, one vendor.
  { page: "vendors: list", path: () => "/vendors?sort=name&page=1&page_size=25" },
  { page: "vendors: detail", path: (s) => `/vendors/${s.vendorId}/details` },
  { page: "vendors: detail", path: (s) => `/vendors/${s.vendorId}/applications?sort=name&page=1&page_size=10` },
  // Incidents (src/resources/incidents): the list, its application filter's choices, one incident.
  { page: "incidents: list", path: () => "/incidents?sort=-detected_at&page=1&page_size=25" },
  { page: "incidents: application choices", path: () => `/applications?sort=name&page=1&page_size=${PAGE_SIZE_MAX}` },
  { page: "incidents: detail", path: (s) => `/incidents/${s.incidentId}` },
  // The audit log (src/resources/audit-log): Administrators only.
  { page: "audit log: list", path: () => "/audit?sort=-created_at&page=1&page_size=25", callers: ["administrator"] },
  { page: "audit log: filters", path: () => "/audit/facets", callers: ["administrator"] },
];

/** The requests one caller's pages make. */
export const requestsOf = (caller: CallerKey) => PAGE_REQUESTS.filter((r) => !r.callers || r.callers.includes(caller));

/** The budgets: every answer a success within 1 MB, and (timed, in the bench) within ×20 of the caller's reference. */
export const MAX_BYTES = 1024 * 1024;
export const MAX_RATIO = 20;
