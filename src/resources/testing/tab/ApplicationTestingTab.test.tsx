// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { dataProvider } from "../../../providers/data-provider";
import { APP_ID, GROUP_CLAIMS } from "../../../test-support/fixtures";
import { initTestI18n } from "../../../test-support/i18n";
import { renderWithRefine } from "../../../test-support/render-with-refine";
import { api } from "../api-client-mock";
import { aTask, aTestingUser, fakeApi, TASKS_PATH, writesOf, type FakeTestingApi } from "../test-support";
import ApplicationTestingTab from "./ApplicationTestingTab";

vi.mock("../../../providers/api-client", () => import("../api-client-mock"));

beforeAll(async () => {
  await initTestI18n();
  // jsdom has no layout: the trend chart sizes itself with a ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
beforeEach(() => {
  api.mockReset();
});
afterEach(cleanup);

const READY_ID = "00000000-0000-4000-8000-0000000000b1";
const FAILED_ID = "00000000-0000-4000-8000-0000000000b2";
const RUNNING_ID = "00000000-0000-4000-8000-0000000000b3";
const tasks = [
  aTask({
    id: FAILED_ID,
    name: null,
    data_source: "fairness_ml_synthetic",
    status: "error",
    error: "testing.errors.endpointStatus",
    error_params: { status: 503, batch: 4 },
    summary: null,
    created_at: "2026-03-03T09:00:00.000Z",
  }),
  aTask({ id: RUNNING_ID, name: "Rerun with label", status: "analyzing", summary: null, rows_read: 1200, created_at: "2026-03-02T09:00:00.000Z" }),
  aTask({ id: READY_ID }),
];

const contributor = () => aTestingUser([{ name: "ApplicationContributor", resource_group: GROUP_CLAIMS }]);
const reviewer = () => aTestingUser([{ name: "ApplicationReviewer", resource_group: GROUP_CLAIMS }]);

async function openTab(identity = contributor(), data: FakeTestingApi = { tasks }, canEdit = true) {
  fakeApi(api, data);
  renderWithRefine(<ApplicationTestingTab applicationId={APP_ID} canEdit={canEdit} />, { dataProvider, identity, path: `/applications/detail/${APP_ID}` });
  await screen.findByRole("grid", { name: "Fairness tests" });
}
const rowOf = async (name: string) => (await screen.findByRole("link", { name })).closest('[role="row"]') as HTMLElement;

describe("the application's Testing tab", () => {
  it("lists the tests with their status chips, findings and the page each opens", async () => {
    await openTab();
    const ready = await rowOf("Q3 screening audit");
    expect(within(ready).getByRole("link", { name: "Q3 screening audit" }).getAttribute("href")).toBe(`/application-testing/results/${APP_ID}/${READY_ID}`);
    expect(within(ready).getByLabelText("Status: Ready")).toBeTruthy();
    expect(ready.textContent).toContain("Adverse impact in 2 groups");
    expect(ready.textContent).toContain("Lowest impact ratio 0.720");
    expect(ready.textContent).toContain("Carlos Contributor");

    // Unnamed: called by its data; failed: the chip says why, and the row opens the status page.
    const failed = await rowOf("Synthetic population");
    expect(within(failed).getByRole("link", { name: "Synthetic population" }).getAttribute("href")).toBe(`/application-testing/status-details/${APP_ID}/${FAILED_ID}`);
    expect(within(failed).getByLabelText("Status: Failed. The model endpoint answered batch 4 with HTTP status 503.")).toBeTruthy();

    const running = await rowOf("Rerun with label");
    expect(within(running).getByLabelText("Status: Analysing")).toBeTruthy();
    expect(within(running).getByRole("link", { name: "Rerun with label" }).getAttribute("href")).toBe(`/application-testing/status-details/${APP_ID}/${RUNNING_ID}`);
    // A test a worker analyses cannot be deleted.
    expect((within(running).getByRole("button", { name: "Delete the test Rerun with label" }) as HTMLButtonElement).disabled).toBe(true);

    expect(api.mock.calls.map(([r]) => r).find((r) => r.path === TASKS_PATH && !r.query?.status)?.query).toEqual({ sort: "-created_at", page: 1, page_size: 25 });
  });

  it("opens the results of a ready test when its row is clicked", async () => {
    await openTab();
    const ready = await rowOf("Q3 screening audit");
    fireEvent.click(within(ready).getByText("Carlos Contributor"));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/application-testing/results/${APP_ID}/${READY_ID}`));
  });

  it("offers New test and delete to a contributor, and deletes after confirmation", async () => {
    await openTab(contributor(), { tasks, write: async () => undefined });
    expect(await screen.findByRole("button", { name: "New test" })).toBeTruthy();
    const ready = await rowOf("Q3 screening audit");
    fireEvent.click(within(ready).getByRole("button", { name: "Delete the test Q3 screening audit" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this test?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(writesOf(api)).toEqual([{ method: "DELETE", path: `${TASKS_PATH}/${READY_ID}` }]));
  });

  it("shows a reviewer the tests without New test or delete, and the endpoint read-only", async () => {
    await openTab(reviewer(), { tasks }, false);
    await rowOf("Q3 screening audit");
    expect(screen.queryByRole("button", { name: "New test" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Delete the test/ })).toBeNull();
    const endpoint = await screen.findByRole("region", { name: "Model endpoint" }, { timeout: 15000 });
    expect(await within(endpoint).findByText("No model endpoint is registered on this application.")).toBeTruthy();
    expect(within(endpoint).queryByRole("button", { name: "Save endpoint" })).toBeNull();
  });

  it("draws the trend of the lowest impact ratios once a test is ready, and says so before", async () => {
    await openTab();
    const trend = await screen.findByRole("region", { name: "Lowest impact ratio over time" });
    // The chart's chunk loads on demand.
    const chart = await within(trend).findByRole("figure", { name: "Lowest impact ratio over time" }, { timeout: 15000 });
    expect(chart.textContent).toContain("0.8 (four-fifths rule)");
    // Only the ready runs are read for it.
    expect(api.mock.calls.map(([r]) => r).some((r) => r.path === TASKS_PATH && r.query?.status === "ready")).toBe(true);
    cleanup();
    await openTab(contributor(), { tasks: [] });
    expect(await screen.findByText("The trend appears once a test has finished.")).toBeTruthy();
    expect(screen.getByText("No fairness tests yet. Start one with New test: upload the model's decisions, or test the model with a synthetic population.")).toBeTruthy();
  });
});
