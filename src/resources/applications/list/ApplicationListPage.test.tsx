// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { GetListParams } from "@refinedev/core";
import { initTestI18n } from "../../../test-support/i18n";
import { renderWithRefine } from "../../../test-support/render-with-refine";
import ApplicationListPage from "./ApplicationListPage";
import { anApplication, aUser, GROUP_CUSTOMER } from "../../../test-support/fixtures";
import { COLUMNS_STORAGE_KEY } from "./use-column-visibility";

const overdue = anApplication({
  id: "00000000-0000-4000-8000-0000000000f2",
  name: "Fraud scoring",
  risk_tier: "high",
  approval_status: "approved",
  development_status: "deployed",
  next_review_due: "2026-01-15T00:00:00.000Z",
  // In none of Carlos's groups: he reaches it only through a grant.
  resource_group_ids: [],
});
const rows = [anApplication(), overdue];

const list = (data = rows) => vi.fn(async (_params: GetListParams) => ({ data: data as never[], total: data.length }));
const lastCall = (getList: ReturnType<typeof list>) => getList.mock.calls.at(-1)![0];

function renderList(getList: ReturnType<typeof list>, can = true) {
  return renderWithRefine(<ApplicationListPage />, { dataProvider: { getList }, path: "/applications", can: () => can });
}

beforeAll(initTestI18n);
beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe("/applications", () => {
  it("offers Edit only on the applications the user's groups reach, and marks one they only review as read only", async () => {
    // Carlos contributes to a group that reaches his own application, and was granted review of Fraud scoring.
    const carlos = aUser([{ name: "ApplicationContributor", resource_group: GROUP_CUSTOMER }], {
      application_roles: [{ name: "ApplicationReviewer", application_id: overdue.id }],
    });
    renderWithRefine(<ApplicationListPage />, { dataProvider: { getList: list() }, identity: carlos, path: "/applications" });
    const edit = await screen.findByRole("link", { name: "Edit Claims triage" });
    expect(edit.getAttribute("href")).toBe(`/applications/detail/${rows[0].id}`);
    expect(screen.getByLabelText("Fraud scoring: read only").textContent).toBe("Read only");
    expect(screen.queryByRole("link", { name: "Edit Fraud scoring" })).toBeNull();
  });

  it("lists applications from the server with tier, statuses and an overdue review in words", async () => {
    const getList = list();
    renderList(getList);
    const row = (await screen.findByRole("link", { name: "Fraud scoring" })).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText("High")).toBeTruthy();
    expect(within(row).getByText("Approved")).toBeTruthy();
    expect(within(row).getByText("Deployed")).toBeTruthy();
    expect(within(row).getByText(/\(overdue\)$/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Fraud scoring" }).getAttribute("href")).toBe(`/applications/detail/${overdue.id}`);
    expect(lastCall(getList)).toMatchObject({ resource: "applications", sorters: [{ field: "name", order: "asc" }], pagination: { currentPage: 1, pageSize: 25 } });
  });

  it("sends the chosen tiers, including not assessed, as an 'in' filter and starts at page 1", async () => {
    const getList = list();
    renderList(getList);
    await screen.findByRole("link", { name: "Fraud scoring" });
    fireEvent.mouseDown(screen.getByRole("combobox", { name: /Risk tier/ }));
    const options = within(screen.getByRole("listbox"));
    fireEvent.click(options.getByRole("option", { name: "High" }));
    fireEvent.click(options.getByRole("option", { name: "Not assessed" }));
    await waitFor(() =>
      expect(lastCall(getList).filters).toEqual([{ field: "risk_tier", operator: "in", value: ["high", "not_assessed"] }]),
    );
    expect(lastCall(getList).pagination).toMatchObject({ currentPage: 1 });
  });

  it("combines status filters with the search and clears them again", async () => {
    const getList = list();
    renderList(getList);
    await screen.findByRole("link", { name: "Fraud scoring" });
    fireEvent.mouseDown(screen.getByRole("combobox", { name: /Approval status/ }));
    fireEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "In review" }));
    fireEvent.keyDown(screen.getByRole("listbox"), { key: "Escape" });
    fireEvent.change(screen.getByRole("searchbox", { name: "Search applications" }), { target: { value: "fraud" } });
    await waitFor(() =>
      expect(lastCall(getList).filters).toEqual(
        expect.arrayContaining([
          { field: "approval_status", operator: "in", value: ["in_review"] },
          { field: "q", operator: "contains", value: "fraud" },
        ]),
      ),
    );
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(lastCall(getList).filters).toEqual([{ field: "q", operator: "contains", value: "fraud" }]));
  });

  it("sorts on the server by the column's key", async () => {
    const getList = list();
    renderList(getList);
    await screen.findByRole("link", { name: "Fraud scoring" });
    fireEvent.click(screen.getByRole("columnheader", { name: /Next review due/ }).querySelector(".MuiDataGrid-columnHeaderTitleContainer")!);
    await waitFor(() => expect(lastCall(getList).sorters).toEqual([{ field: "next_review_due", order: "asc" }]));
    fireEvent.click(screen.getByRole("columnheader", { name: /Next review due/ }).querySelector(".MuiDataGrid-columnHeaderTitleContainer")!);
    await waitFor(() => expect(lastCall(getList).sorters).toEqual([{ field: "next_review_due", order: "desc" }]));
  });

  it("tells a contributor of an empty inventory to add the first application", async () => {
    renderList(list([]));
    expect(await screen.findByText("No applications yet — add your first AI application")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add application" })).toBeTruthy();
  });

  it("offers no Add button to someone who may not create applications", async () => {
    renderList(list([]), false);
    expect(await screen.findByText("No applications yet. Applications you are given access to appear here.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add application" })).toBeNull();
  });

  it("remembers the columns the user hides", async () => {
    window.localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify({ owner: false, created_at: true }));
    renderList(list());
    await screen.findByRole("link", { name: "Fraud scoring" });
    expect(screen.queryByRole("columnheader", { name: /Owner/ })).toBeNull();
    expect(screen.getByRole("columnheader", { name: /Created/ })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Columns" })).toBeTruthy();
  });

  it("says 'of about' when the server estimated the total of a very long list, and the exact count otherwise", async () => {
    const estimated = vi.fn(async (_params: GetListParams) => ({ data: rows as never[], total: 104_250, totalIsEstimate: true }));
    renderList(estimated);
    expect(await screen.findByText("1–25 of about 104,250")).toBeTruthy();
    cleanup();
    renderList(list());
    expect(await screen.findByText("1–2 of 2")).toBeTruthy();
  });
});
