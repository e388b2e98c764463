// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { dataProvider } from "../../providers/data-provider";
import { APP_ID } from "../../test-support/fixtures";
import { initTestI18n } from "../../test-support/i18n";
import { renderWithRefine } from "../../test-support/render-with-refine";
import { api } from "./api-client-mock";
import IncidentListPage from "./IncidentListPage";
import { anIncident, fakeApi, INCIDENT_ID } from "./test-support";

vi.mock("../../providers/api-client", () => import("./api-client-mock"));

beforeAll(initTestI18n);
beforeEach(() => {
  api.mockReset();
});
afterEach(cleanup);

// A serious incident whose report to the authority is long overdue.
const overdue = anIncident({ title: "Dosage advice", severity: "critical", serious: true, serious_type: "death", report_deadline: "2026-03-11T09:30:00.000Z", report_overdue: true });
/** The query of the last list request. */
const lastListQuery = () => api.mock.calls.map(([r]) => r).filter((r) => r.path === "/incidents").at(-1)?.query;
const renderList = (can?: (resource: string | undefined, action: string) => boolean) =>
  renderWithRefine(<IncidentListPage />, { dataProvider, path: "/incidents", can });

describe("/incidents", () => {
  it("lists incidents newest first, linking each and its application, with the overdue report in words", async () => {
    fakeApi(api, [overdue]);
    renderList();
    const row = (await screen.findByRole("link", { name: "Dosage advice" })).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByRole("link", { name: "Dosage advice" }).getAttribute("href")).toBe(`/incidents/detail/${INCIDENT_ID}`);
    expect(within(row).getByRole("link", { name: "Claims triage" }).getAttribute("href")).toBe(`/applications/detail/${APP_ID}`);
    expect(within(row).getByLabelText("Severity: Critical")).toBeTruthy();
    expect(row.textContent).toContain("Death of a person");
    expect(row.textContent).toMatch(/\(overdue\)/);
    expect(lastListQuery()).toEqual({ sort: "-detected_at", page: 1, page_size: 25 });
  });

  it("sends the search, severities, statuses, the overdue toggle and the sort to the server", async () => {
    fakeApi(api, [overdue]);
    renderList();
    await screen.findByRole("link", { name: "Dosage advice" });
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Severity" }));
    fireEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "Critical" }));
    fireEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "High" }));
    fireEvent.keyDown(screen.getByRole("listbox"), { key: "Escape" });
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Status" }));
    fireEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "Investigating" }));
    fireEvent.keyDown(screen.getByRole("listbox"), { key: "Escape" });
    fireEvent.click(screen.getByRole("checkbox", { name: "Report overdue" }));
    fireEvent.change(screen.getByRole("searchbox", { name: "Search incidents" }), { target: { value: "dosage" } });
    await waitFor(() =>
      expect(lastListQuery()).toEqual({ sort: "-detected_at", severity: ["critical", "high"], status: ["investigating"], overdue_report: "true", q: "dosage", page: 1, page_size: 25 }),
    );
    fireEvent.click(screen.getByRole("columnheader", { name: /Report due/ }).querySelector(".MuiDataGrid-columnHeaderTitleContainer")!);
    await waitFor(() => expect(lastListQuery()).toMatchObject({ sort: "report_deadline" }));
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(lastListQuery()).toEqual({ sort: "report_deadline", q: "dosage", page: 1, page_size: 25 }));
  });

  it("filters by one application, chosen among those the user can see", async () => {
    fakeApi(api, [overdue]);
    renderList();
    await screen.findByRole("link", { name: "Dosage advice" });
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Application" }));
    fireEvent.click(await within(screen.getByRole("listbox")).findByRole("option", { name: "Claims triage" }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ application_id: APP_ID }));
  });

  it("offers a reader no Record button and says what an empty list means", async () => {
    fakeApi(api, []);
    renderList((_resource, action) => action !== "create");
    expect(await screen.findByText("No incidents recorded on the applications you can see.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Record incident" })).toBeNull();
  });
});
