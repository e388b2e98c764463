// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { DataProvider } from "@refinedev/core";
import type { CurrentUser } from "../../../domain/access/current-user";
import type { Application, ApplicationMetrics } from "../../../domain/entities/application";
import type { MyWorkItem } from "../../../domain/entities/my-work";
import { initTestI18n } from "../../test-support/i18n";
import { renderWithRefine } from "../../test-support/render-with-refine";
import { anApplication, aUser } from "../../test-support/fixtures";
import { fakeMyWork } from "../../test-support/my-work";
import HomePage from "./HomePage";

// The charts are their own lazy chunk (and SVG that jsdom cannot measure): here, only what they are given.
vi.mock("./DashboardCharts", () => ({
  default: ({ metrics, frameworks }: { metrics: ApplicationMetrics; frameworks: unknown[] | null }) => (
    <output data-testid="charts">{`${metrics.total} applications; frameworks ${frameworks === null ? "hidden" : frameworks.length}`}</output>
  ),
}));

const GROUP = { id: "33333333-3333-4333-8333-333333333333", name: "All applications", group_type: "ALL" as const };
const userWith = (...roles: string[]): CurrentUser =>
  aUser(
    roles.map((name) => ({ name, resource_group: GROUP })),
    { id: "11111111-1111-4111-8111-111111111111", email: "rita@example.com", first_name: "Rita", last_name: "Reviewer", companyId: "22222222-2222-4222-8222-222222222222" },
  );

let n = 0;
const app = (overrides: Partial<Application>): Application =>
  anApplication({
    id: `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`,
    name: `Application ${n}`,
    description: null,
    owner: null,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-02-01T00:00:00.000Z",
    ...overrides,
  });

const metrics: ApplicationMetrics = {
  total: 7,
  by_risk_tier: { prohibited: 1, high: 2, medium: 3, low: 0, not_assessed: 1 },
  by_approval_status: { draft: 2, submitted: 1, in_review: 1, approved: 3, rejected: 0, changes_requested: 0 },
  by_development_status: { idea: 2, in_development: 2, testing: 0, deployed: 3, retired: 0 },
  reviews_due: 3,
  reviews_overdue: 2,
  controls: { applicable: 10, implemented: 3, not_applicable: 1, in_progress: 2, not_started: 4, progress: 0.4 },
};

const submitted = app({ name: "Chat triage", approval_status: "submitted", risk_tier: "high" });
const inReview = app({ name: "Loan scoring", approval_status: "in_review" });
const late = app({ name: "Fraud watch", approval_status: "approved", next_review_due: "2020-03-01T00:00:00.000Z" });
const later = app({ name: "Mail sorter", approval_status: "approved", next_review_due: "2999-03-01T00:00:00.000Z" });
const reset = app({ name: "Doc search", approval_status: "draft", approval_reset_reason: "tierChanged" });
const plainDraft = app({ name: "Idea box", approval_status: "draft" });

type GetList = NonNullable<DataProvider["getList"]>;
type Custom = NonNullable<DataProvider["custom"]>;

const workOn = (kind: MyWorkItem["kind"], a: Application, subject: MyWorkItem["subject"] = null): MyWorkItem => ({
  kind,
  application: { id: a.id, name: a.name, risk_tier: a.risk_tier },
  subject,
  due_date: null,
  link: `/applications/detail/${a.id}`,
});

/** Fakes GET /applications/metrics, GET /my-work (paged) and its counts, the application lists and GET /frameworks (a 404 unless given). */
function fakes(options: { metrics?: ApplicationMetrics; frameworks?: unknown[]; work?: MyWorkItem[] } = {}) {
  const work = fakeMyWork(options.work ?? [workOn("review", submitted)]);
  const getList = vi.fn<GetList>(async (params) => {
    const { resource, sorters } = params;
    if (resource === "my-work") return work.page(params);
    if (resource === "frameworks") {
      if (!options.frameworks) throw { statusCode: 404, message: "Route GET:/v2/frameworks not found" };
      return { data: options.frameworks as never[], total: options.frameworks.length };
    }
    const data = sorters?.[0]?.field === "next_review_due" ? [late, later, plainDraft] : [reset, submitted];
    return { data: data as never[], total: data.length };
  });
  const custom = vi.fn<Custom>(async ({ url }) => ({ data: (url === "/my-work/counts" ? work.counts() : (options.metrics ?? metrics)) as never }));
  return { dataProvider: { getList, custom } as Partial<DataProvider>, getList, custom };
}

/** MUI's error.main, as jsdom computes it. */
const ERROR_RED = "rgb(211, 47, 47)";
const card = (name: string) => screen.getByRole("region", { name });
const list = (name: string) => screen.getByRole("list", { name });

beforeAll(initTestI18n);
afterEach(cleanup);

describe("the dashboard", () => {
  it("welcomes the user and shows a reviewer's figures, work and lists", async () => {
    const { dataProvider, custom } = fakes();
    renderWithRefine(<HomePage />, { identity: userWith("ApplicationReviewer"), dataProvider, path: "/dashboard" });
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Rita" })).toBeTruthy();
    await waitFor(() => expect(within(card("Applications in scope")).getByText("7")).toBeTruthy());
    expect(custom).toHaveBeenCalledWith(expect.objectContaining({ url: "/applications/metrics", method: "get" }));

    const tiers = within(card("By risk tier"));
    expect(tiers.getByText("High").closest("li")!.textContent).toBe("High2");
    expect(tiers.getByText("Not assessed").closest("li")!.textContent).toBe("Not assessed1");

    const overdue = card("Reviews overdue");
    expect(getComputedStyle(within(overdue).getByText("2")).color).toBe(ERROR_RED);
    expect(within(overdue).getByText("3 due within 14 days")).toBeTruthy();
    const controls = card("Control completion");
    expect(within(controls).getByText("40%")).toBeTruthy();
    expect(within(controls).getByText("4 of 10 applicable controls implemented or not applicable")).toBeTruthy();

    // A reviewer acts on submitted applications only.
    await waitFor(() => expect(within(card("Awaiting my action")).getByText("1")).toBeTruthy());
    const awaiting = within(list("My next actions"));
    expect(awaiting.getAllByRole("link").map((l) => l.textContent)).toEqual([expect.stringContaining("Chat triage")]);
    expect(awaiting.getByRole("link").getAttribute("href")).toBe(`/applications/detail/${submitted.id}`);
    expect(awaiting.getByText("Ready for review")).toBeTruthy();

    const upcoming = within(list("Upcoming reviews"));
    const links = upcoming.getAllByRole("link");
    expect(links.map((l) => l.getAttribute("href"))).toEqual([`/applications/detail/${late.id}`, `/applications/detail/${later.id}`]);
    expect(getComputedStyle(within(links[0]).getByText(/\(overdue\)$/)).color).toBe(ERROR_RED);
    expect(within(links[1]).queryByText(/overdue/)).toBeNull();

    expect(within(list("Recently updated")).getAllByRole("link").map((l) => l.getAttribute("href"))).toEqual([
      `/applications/detail/${reset.id}`,
      `/applications/detail/${submitted.id}`,
    ]);
    expect((await screen.findByTestId("charts")).textContent).toBe("7 applications; frameworks hidden");
  });

  it("lists the approval steps My Work holds for the user, and not their other work", async () => {
    const control = workOn("control", plainDraft, { id: "C-RISK-01", name: "C-RISK-01 Risk register" });
    const { dataProvider } = fakes({ work: [workOn("approve", inReview), workOn("reapproval", reset), control] });
    renderWithRefine(<HomePage />, { identity: userWith("ApplicationApprover", "ApplicationContributor"), dataProvider });
    await waitFor(() => expect(within(card("Awaiting my action")).getByText("2")).toBeTruthy());
    const awaiting = within(list("My next actions"));
    expect(awaiting.getByText("Loan scoring")).toBeTruthy();
    expect(awaiting.getByText("Ready for approval")).toBeTruthy();
    expect(awaiting.getByText("Doc search")).toBeTruthy();
    expect(awaiting.getByText("Needs approval again")).toBeTruthy();
    // A control to implement is My Work's, not an approval step.
    expect(awaiting.queryByText("Idea box")).toBeNull();
  });

  it("counts every approval step but reads only the first five of them, never the whole of My Work", async () => {
    const many = Array.from({ length: 12 }, (_, i) => workOn("review", app({ name: `Queue ${String(i).padStart(2, "0")}`, approval_status: "submitted" })));
    const { dataProvider, getList, custom } = fakes({ work: [...many, workOn("control", plainDraft, { id: "C-RISK-01", name: "C-RISK-01 Risk register" })] });
    renderWithRefine(<HomePage />, { identity: userWith("ApplicationReviewer"), dataProvider });
    await waitFor(() => expect(within(card("Awaiting my action")).getByText("12")).toBeTruthy());
    await waitFor(() => expect(within(list("My next actions")).getAllByRole("link")).toHaveLength(5));
    expect(within(list("My next actions")).getAllByRole("link")[0].textContent).toContain("Queue 00");
    const reads = getList.mock.calls.filter(([p]) => p.resource === "my-work").map(([p]) => p);
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) {
      expect(read.pagination).toMatchObject({ currentPage: 1, pageSize: 5 });
      expect(read.filters).toEqual([{ field: "kind", operator: "in", value: ["review", "approve", "changes_requested", "reapproval"] }]);
    }
    expect(custom).toHaveBeenCalledWith(expect.objectContaining({ url: "/my-work/counts" }));
  });

  it("leaves the awaiting card out for roles that never act on an application, and shows enabled frameworks", async () => {
    const frameworks = [{ id: "eu-ai-act", short_name: "EU AI Act", enabled: true, progress: { progress: 0.5, applicable: 4 } }];
    const { dataProvider, getList, custom } = fakes({ frameworks });
    renderWithRefine(<HomePage />, { identity: userWith("Administrator"), dataProvider });
    await waitFor(() => expect(within(card("Applications in scope")).getByText("7")).toBeTruthy());
    expect(screen.queryByRole("region", { name: "Awaiting my action" })).toBeNull();
    expect((await screen.findByTestId("charts")).textContent).toBe("7 applications; frameworks 1");
    expect(getList).toHaveBeenCalledWith(expect.objectContaining({ resource: "frameworks", filters: [{ field: "enabled", operator: "eq", value: "true" }] }));
    expect(custom.mock.calls.some(([p]) => p.url?.startsWith("/my-work"))).toBe(false);
    expect(getList.mock.calls.some(([p]) => p.resource === "my-work")).toBe(false);
  });

  it("never asks for frameworks a contributor may not read", async () => {
    const frameworks = [{ id: "eu-ai-act", short_name: "EU AI Act", enabled: true, progress: { progress: 0.5, applicable: 4 } }];
    const { dataProvider, getList } = fakes({ frameworks, work: [] });
    renderWithRefine(<HomePage />, { identity: userWith("ApplicationContributor"), dataProvider });
    expect((await screen.findByTestId("charts")).textContent).toBe("7 applications; frameworks hidden");
    expect(getList.mock.calls.some(([p]) => p.resource === "frameworks")).toBe(false);
  });

  it("tells a company without applications to add the first one", async () => {
    const { dataProvider } = fakes({ metrics: { ...metrics, total: 0 } });
    renderWithRefine(<HomePage />, { identity: userWith("ApplicationContributor"), dataProvider });
    const empty = await screen.findByRole("region", { name: "No AI applications yet" });
    expect(within(empty).getByText(/Start by adding your first AI application/)).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Applications in scope" })).toBeNull();
    fireEvent.click(await within(empty).findByRole("button", { name: "Add your first application" }));
    expect(screen.getByTestId("location").textContent).toBe("/applications");
  });

  it("tells a reader without applications that they will appear once shared", async () => {
    const { dataProvider } = fakes({ metrics: { ...metrics, total: 0 } });
    renderWithRefine(<HomePage />, { identity: userWith("ApplicationReviewer"), dataProvider, can: (_resource, action) => action !== "create" });
    const empty = await screen.findByRole("region", { name: "No AI applications yet" });
    expect(await within(empty).findByText(/No applications have been shared with you yet/)).toBeTruthy();
    expect(within(empty).queryByRole("button")).toBeNull();
  });

  it("says so when the figures cannot be loaded", async () => {
    const { dataProvider } = fakes();
    dataProvider.custom = vi.fn(async () => {
      throw { statusCode: 500, message: "Database down" };
    });
    renderWithRefine(<HomePage />, { identity: userWith("ApplicationReviewer"), dataProvider });
    expect((await screen.findByRole("alert")).textContent).toContain("The dashboard could not be loaded: Database down");
  });
});
