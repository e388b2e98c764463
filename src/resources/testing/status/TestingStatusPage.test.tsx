// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { TestingTask } from "../../../../domain/entities/testing-task";
import { dataProvider } from "../../../providers/data-provider";
import { APP_ID, GROUP_CLAIMS } from "../../../test-support/fixtures";
import { initTestI18n } from "../../../test-support/i18n";
import { renderWithRefine } from "../../../test-support/render-with-refine";
import { api, apiBlob } from "../api-client-mock";
import { aTask, aTestingUser, DOC_ID, fakeApi, TASK_ID, TASKS_PATH, writesOf, type FakeTestingApi } from "../test-support";
import { Breadcrumbs } from "../../../components/layout/Breadcrumbs";
import { EntityTitlesProvider } from "../../../components/layout/entity-titles";
import TestingStatusPage from "./TestingStatusPage";

vi.mock("../../../providers/api-client", () => import("../api-client-mock"));

beforeAll(async () => {
  await initTestI18n();
  // jsdom keeps no object URLs: the download's link needs one.
  URL.createObjectURL = vi.fn(() => "blob:population");
  URL.revokeObjectURL = vi.fn();
});
beforeEach(() => {
  api.mockReset();
  apiBlob.mockReset();
});
afterEach(cleanup);

const contributor = () => aTestingUser([{ name: "ApplicationContributor", resource_group: GROUP_CLAIMS }]);
const reviewer = () => aTestingUser([{ name: "ApplicationReviewer", resource_group: GROUP_CLAIMS }]);

function openPage(task: TestingTask, identity = contributor(), data: FakeTestingApi = {}) {
  fakeApi(api, { tasks: [task], ...data });
  renderWithRefine(
    <EntityTitlesProvider>
      <Breadcrumbs />
      <TestingStatusPage />
    </EntityTitlesProvider>,
    {
    dataProvider,
    identity,
    path: `/application-testing/status-details/${APP_ID}/${task.id}`,
    pattern: "/application-testing/status-details/:applicationId/:taskId",
    },
  );
  return screen.findByRole("heading", { level: 1 });
}

const failed = aTask({
  data_source: "fairness_ml_synthetic",
  status: "error",
  error: "testing.errors.endpointAnswer",
  error_params: { batch: 3, detail: "99 predictions for 100 instances" },
  summary: null,
  history: [
    { status: "waiting", at: "2026-03-01T09:00:00.000Z" },
    { status: "analyzing", at: "2026-03-01T09:00:05.000Z" },
    { status: "error", at: "2026-03-01T09:01:00.000Z" },
  ],
});

describe("a test's status page", () => {
  it("says why a test failed in plain words, with its parameters, and sends it back to the queue", async () => {
    await openPage(failed, contributor(), { write: async () => ({ ...failed, status: "waiting" }) });
    expect(await screen.findByText("The test failed. The model endpoint's answer to batch 3 could not be read: 99 predictions for 100 instances")).toBeTruthy();
    const history = screen.getByRole("list", { name: "The test's statuses over time" });
    expect(within(history).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      expect.stringMatching(/2026.*Queued$/),
      expect.stringMatching(/2026.*Analysing$/),
      expect.stringMatching(/2026.*Failed$/),
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Retry" }));
    await waitFor(() => expect(writesOf(api)).toEqual([{ method: "POST", path: `${TASKS_PATH}/${TASK_ID}/retry`, body: {} }]));
  });

  it("offers no Retry to a reviewer", async () => {
    await openPage(failed, reviewer());
    expect(await screen.findByText(/The test failed\./)).toBeTruthy();
    // Retry waits on the identity, read as the page mounts, as is the application: once the application's
    // name is in the breadcrumbs, the identity has long been read, and the absence of Retry is the reviewer's.
    const trail = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(await within(trail).findByText("Claims triage")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
  });

  it("shows the rows read while a worker analyses the test", async () => {
    await openPage(aTask({ status: "analyzing", rows_read: 12345, summary: null }));
    expect(await screen.findByText("Analysing: 12,345 rows read so far.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Open the results" })).toBeNull();
  });

  it("leads a ready test to its results, the breadcrumbs naming it", async () => {
    const heading = await openPage(aTask());
    expect(heading.textContent).toBe("Q3 screening audit");
    expect((await screen.findByRole("link", { name: "Open the results" })).getAttribute("href")).toBe(`/application-testing/results/${APP_ID}/${TASK_ID}`);
    expect(screen.getByText("The test is finished: 3,000 rows analysed.")).toBeTruthy();
    const trail = screen.getByRole("navigation", { name: "Breadcrumb" });
    await waitFor(() =>
      expect(within(trail).getAllByRole("listitem").map((crumb) => crumb.textContent)).toEqual(["Application Testing", "Status Details", "Claims triage", "Q3 screening audit"]),
    );
  });

  it("lets an offline synthetic test's population be downloaded and its scored file be sent", async () => {
    const offline = aTask({
      data_source: "fairness_ml_synthetic",
      status: "created",
      document: null,
      columns: null,
      summary: null,
      rows_read: 0,
      population: { size: 1000, seed: 7, features: [{ name: "years", kind: "number", min: 0, max: 40 }], protected: [{ attribute: "sex", values: [{ value: "f", share: 0.5 }, { value: "m", share: 0.5 }] }], scoring: "offline", outcome_type: "binary" },
      history: [{ status: "created", at: "2026-03-01T09:00:00.000Z" }],
    });
    apiBlob.mockResolvedValue(new Blob(["row_id,twin_set\n"]));
    await openPage(offline, contributor(), { write: async () => ({ ...offline, status: "waiting" }) });
    fireEvent.click(await screen.findByRole("button", { name: "Download the population (CSV)" }));
    await waitFor(() => expect(apiBlob).toHaveBeenCalledWith(`${TASKS_PATH}/${TASK_ID}/population.csv`));

    const section = screen.getByRole("region", { name: "Score the population offline" });
    fireEvent.mouseDown(await within(section).findByRole("combobox", { name: /Scored file/ }));
    fireEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "decisions.csv" }));
    fireEvent.mouseDown(await within(section).findByRole("combobox", { name: /Outcome column/ }));
    fireEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "selected" }));
    fireEvent.click(within(section).getByRole("button", { name: "Send the scores" }));
    await waitFor(() =>
      expect(writesOf(api)).toEqual([
        { method: "POST", path: `${TASKS_PATH}/${TASK_ID}/scores`, body: { document_id: DOC_ID, columns: { outcome: "selected", outcome_type: "binary", positive_value: "1" } } },
      ]),
    );
  });

  it("says a test that is not there is not found", async () => {
    fakeApi(api, { tasks: [] });
    renderWithRefine(<TestingStatusPage />, {
      dataProvider,
      identity: contributor(),
      path: `/application-testing/status-details/${APP_ID}/${TASK_ID}`,
      pattern: "/application-testing/status-details/:applicationId/:taskId",
    });
    expect(await screen.findByText("Test not found")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the application's tests" }).getAttribute("href")).toBe(`/applications/detail/${APP_ID}?tab=testing`);
  });
});
