// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { CurrentUser } from "../../../../domain/access/current-user";
import type { TestingTask } from "../../../../domain/entities/testing-task";
import { EntityTitlesProvider } from "../../../components/layout/entity-titles";
import { dataProvider } from "../../../providers/data-provider";
import { APP_ID, aUser, GROUP_ALL } from "../../../test-support/fixtures";
import { initTestI18n } from "../../../test-support/i18n";
import { renderWithRefine } from "../../../test-support/render-with-refine";
import { api, apiBlob } from "./api-client-mock";
import TestingResultsPage from "./TestingResultsPage";
import { aTask, EVIDENCE_CONTROL, fakeResultsApi, someResults, TASK_ID, writesOf } from "./test-support";
import { captureDownloads } from "../../../test-support/downloads";
import { freshMocksEachTest } from "../../../test-support/fresh-mocks";

vi.mock("../../../providers/api-client", () => import("./api-client-mock"));

const CONTRIBUTOR = aUser([{ name: "ApplicationContributor", resource_group: GROUP_ALL }]);
const REVIEWER = aUser([{ name: "ApplicationReviewer", resource_group: GROUP_ALL }]);

beforeAll(initTestI18n);
// The chart is loaded lazily by the page; loading the charts library once here keeps its first load out of a test's time.
beforeAll(() => import("./ImpactRatioChart"));
freshMocksEachTest(api, apiBlob);

async function openPage(task: TestingTask | (() => Promise<TestingTask>), identity: CurrentUser = REVIEWER) {
  fakeResultsApi(api, task);
  renderWithRefine(
    <EntityTitlesProvider>
      <TestingResultsPage />
    </EntityTitlesProvider>,
    { dataProvider, identity, path: `/application-testing/results/${APP_ID}/${TASK_ID}`, pattern: "/application-testing/results/:applicationId/:taskId" },
  );
}

/** A table's rows as the text of their cells, by the group (or metric) each row is headed by. */
function rowsOf(table: HTMLElement): Record<string, string[]> {
  const rows = within(table).getAllByRole("row").slice(1);
  return Object.fromEntries(rows.map((row) => [within(row).getByRole("rowheader").textContent, within(row).getAllByRole("cell").map((c) => c.textContent)]));
}

describe("the results page", () => {
  it("tells what was tested, on which application, when, by whom and over which file", async () => {
    await openPage(aTask());
    expect(await screen.findByRole("heading", { level: 1, name: "Hiring audit 2026" })).toBeTruthy();
    expect((await screen.findByRole("link", { name: "Claims triage" })).getAttribute("href")).toBe(`/applications/detail/${APP_ID}`);
    expect(screen.getByRole("link", { name: "decisions.csv" }).getAttribute("href")).toContain(`/document-viewer/`);
    expect(screen.getByText("Carlos Contributor")).toBeTruthy();
    expect(screen.getByText(new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" }).format(new Date("2026-03-02T09:00:09.000Z")))).toBeTruthy();
  });

  it("lists each group with its count, share, rate and its interval, impact ratio, p-value and flags", async () => {
    await openPage(aTask());
    const rows = rowsOf(await screen.findByRole("table", { name: "Groups by Sex" }));
    expect(Object.keys(rows)).toEqual(["Male", "Female", "Non-binary"]);
    expect(rows.Male).toEqual(["600", "60.0%", "50.0%", "46.0% – 54.0%", "1.000", "—", "Most selected"]);
    expect(rows.Female).toEqual(["380", "38.0%", "35.0%", "30.3% – 40.0%", "0.700", "1.2 × 10⁻⁵", "Adverse impact"]);
    // The excluded group keeps its count and rate, and has no ratio to compare.
    expect(rows["Non-binary"]).toEqual(["15", "1.5%", "20.0%", "7.0% – 45.2%", "n/a (excluded)", "—", "Excluded"]);
    expect(screen.getByText("Most-selected group: Male · 5 rows without a value (unknown), left out of the groups")).toBeTruthy();
  });

  it("explains the excluded and small marks in the table's legend", async () => {
    await openPage(aTask());
    const sexLegend = await screen.findByLabelText("How to read the groups by Sex");
    expect(sexLegend.textContent).toContain("ExcludedUnder 2% of the sample");
    expect(sexLegend.textContent).toContain("Adverse impactAn impact ratio under 0.8");
    expect(sexLegend.textContent).not.toContain("Under 30 rows");
    const raceLegend = screen.getByLabelText("How to read the groups by Race/ethnicity");
    expect(raceLegend.textContent).toContain("SmallUnder 30 rows");
    expect(rowsOf(screen.getByRole("table", { name: "Groups by Race/ethnicity" })).Black.at(-1)).toBe("Small");
  });

  it("writes an impact ratio that cannot be computed as n/a with the reason, never undefined or NaN", async () => {
    await openPage(aTask());
    const rows = rowsOf(await screen.findByRole("table", { name: "Groups by Race/ethnicity" }));
    expect(rows.White[4]).toBe("n/a (no rate to compare with)");
    expect(rows.Black[4]).toBe("n/a (no rate to compare with)");
    expect(screen.getByText("No bar where there is no impact ratio (n/a): White, Black.")).toBeTruthy();
    expect(rowsOf(screen.getByRole("table", { name: "Fairness metrics by Race/ethnicity" }))["Demographic parity"].slice(0, 2)).toEqual(["n/a", "0.000"]);
    expect(document.body.textContent).not.toMatch(/\bundefined\b/);
    expect(document.body.textContent).not.toContain("NaN");
  });

  it("draws each category's impact ratios against the four-fifths line", async () => {
    await openPage(aTask());
    const chart = await screen.findByRole("img", { name: "Impact ratio of each group by Sex, with the four-fifths line" });
    const texts = [...chart.querySelectorAll("text")].map((t) => t.textContent);
    expect(texts).toEqual(expect.arrayContaining(["Male", "Female", "Non-binary", "0.800"]));
    expect(await screen.findByRole("img", { name: "Impact ratio of each group by Race/ethnicity, with the four-fifths line" })).toBeTruthy();
  });

  it("shows each metric's ratio and difference side by side, the threshold, and which need the label", async () => {
    await openPage(aTask());
    const rows = rowsOf(await screen.findByRole("table", { name: "Fairness metrics by Sex" }));
    expect(rows["Demographic parity"]).toEqual(["under 0.80.700", "0.150", "How often each group is selected, whatever the actual outcome."]);
    expect(rows["Equal opportunity"][0]).toBe("needs the label (the actual outcomes)");
    expect(rows["Equalized odds"][0]).toBe("needs the label (the actual outcomes)");
    expect(screen.getAllByText(/0\.800 or more meets the four-fifths rule/)).toHaveLength(2);
    expect(screen.getAllByText(/It has no legal threshold/)).toHaveLength(2);
  });

  it("says what the data was, so the run can be reproduced", async () => {
    await openPage(aTask());
    const run = await screen.findByLabelText("The run");
    expect(run.textContent).toContain("Rows read1,003");
    expect(run.textContent).toContain("Rows without an outcome (left out)3");
    expect(run.textContent).toContain("Input SHA-2569f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08");
    expect(run.textContent).toContain("Metric definitions version1");
    expect(run.textContent).toContain("Steward version0.15.0");
    const mapping = screen.getByLabelText("Column mapping");
    expect(mapping.textContent).toContain("Outcome columnhired");
    expect(mapping.textContent).toContain("Value meaning selectedyes");
    expect(mapping.textContent).toContain("Actual outcome (label) columnNot mapped");
    expect(mapping.textContent).toContain("Sex columngender");
  });

  it("explains a scoring rate and shows the counterfactual twins of a synthetic test", async () => {
    const results = someResults({
      outcome_type: "score",
      median_score: 0.5125,
      counterfactual: [{ attribute: "sex", twin_sets: 500, flip_rate: 0.042, largest_gaps: [{ twin_set: "p-17", gap: 0.31, scores: { Female: 0.41, Male: 0.72 } }] }],
    });
    await openPage(aTask({ data_source: "fairness_ml_synthetic", name: null, document: null, results, population: { size: 1000, seed: 7, features: [{ name: "years", kind: "number", min: 0, max: 40 }], protected: [{ attribute: "sex", values: [{ value: "Female", share: 0.5 }, { value: "Male", share: 0.5 }] }], scoring: "endpoint", outcome_type: "score" } }));
    expect(await screen.findByRole("heading", { level: 1, name: "Synthetic population" })).toBeTruthy();
    expect(screen.getByText(/Median score of the whole sample: 0\.5125\. A row counts as selected when its score is strictly above this median/)).toBeTruthy();
    expect(screen.getByText("Synthetic population of 1,000 rows (seed 7)")).toBeTruthy();
    expect(screen.getAllByRole("columnheader", { name: "Scoring rate" })).toHaveLength(2);
    expect(screen.getByText("500 twin sets; decisions differ within 4.2% of them (flip rate).")).toBeTruthy();
    expect(rowsOf(screen.getByRole("table", { name: "Twin sets with the largest score gaps by Sex" }))["p-17"]).toEqual(["0.31", "Female: 0.41 · Male: 0.72"]);
  });

  it("shows a test without results as such, with the way to its status page", async () => {
    await openPage(aTask({ status: "analyzing", rows_read: 1200, results: null }));
    expect(await screen.findByText("This test is being analysed (1,200 rows read so far); its results appear here when it is done.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Status page" }).getAttribute("href")).toBe(`/application-testing/status-details/${APP_ID}/${TASK_ID}`);
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("button", { name: "Results (CSV)" })).toBeNull();
  });

  it("shows the results once a test in progress finishes", async () => {
    let current = aTask({ status: "analyzing", results: null });
    await openPage(async () => current);
    expect(await screen.findByText(/This test is being analysed/)).toBeTruthy();
    current = aTask();
    expect(await screen.findByRole("table", { name: "Groups by Sex" }, { timeout: 4000 })).toBeTruthy();
  });

  it("says when the test does not exist or is out of reach", async () => {
    fakeResultsApi(api, aTask());
    api.mockImplementation(async (request) => (request.path.includes("/testing/") ? Promise.reject({ statusCode: 404, message: "Not found." }) : {}));
    renderWithRefine(<TestingResultsPage />, { dataProvider, identity: REVIEWER, path: `/application-testing/results/${APP_ID}/${TASK_ID}`, pattern: "/application-testing/results/:applicationId/:taskId" });
    expect(await screen.findByRole("heading", { name: "Test not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the application's tests" }).getAttribute("href")).toBe(`/applications/detail/${APP_ID}?tab=testing`);
  });

  it("downloads the bias-audit summary in the user's language, with the bearer token's client, under a readable name", async () => {
    const saved = captureDownloads();
    apiBlob.mockResolvedValue(new Blob(["%PDF-1.7"], { type: "application/pdf" }));
    await openPage(aTask());
    fireEvent.click(await screen.findByRole("button", { name: "Bias-audit summary (PDF)" }));
    await waitFor(() => expect(saved).toEqual(["Claims triage-Hiring audit 2026-bias-audit-en.pdf"]));
    expect(apiBlob).toHaveBeenCalledWith(`/applications/${APP_ID}/testing/tasks/${TASK_ID}/bias-audit.pdf?lang=en`);
  });

  it("says clearly when a download fails", async () => {
    apiBlob.mockRejectedValue({ statusCode: 409, message: "The test has no results yet." });
    await openPage(aTask());
    fireEvent.click(await screen.findByRole("button", { name: "Results (CSV)" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Results (CSV) could not be downloaded: The test has no results yet.");
    expect(apiBlob).toHaveBeenCalledWith(`/applications/${APP_ID}/testing/tasks/${TASK_ID}/results.csv`);
  });

  it("sends an LLM test on to its own results page, keyed by the analysed document", async () => {
    const documentId = "00000000-0000-4000-8000-0000000000d7";
    await openPage(aTask({ data_source: "fairness_llm_user", document: { id: documentId, name: "responses.csv" }, results: null }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/application-testing/results/llm/${documentId}`));
  });

  it("lets a contributor add the test as evidence of a bias-testing control", async () => {
    await openPage(aTask(), CONTRIBUTOR);
    fireEvent.click(await screen.findByRole("button", { name: "Use as evidence" }));
    const dialog = await screen.findByRole("dialog", { name: "Use this test as evidence" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add as evidence" }));
    expect(await within(dialog).findByText("Choose the control this test is evidence of.")).toBeTruthy();
    fireEvent.mouseDown(await within(dialog).findByRole("combobox", { name: "Control" }));
    fireEvent.click(within(screen.getByRole("listbox")).getByRole("option", { name: "LL144-1 — Annual bias audit (NYC Local Law 144)" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Add as evidence" }));
    await waitFor(() => expect(writesOf(api)).toEqual([{ method: "POST", path: `/applications/${APP_ID}/testing/tasks/${TASK_ID}/evidence`, body: { control_id: EVIDENCE_CONTROL.control_id } }]));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows why adding the evidence was refused, and keeps the dialog open", async () => {
    await openPage(aTask(), CONTRIBUTOR);
    api.mockImplementation(async (request) => {
      if (request.method === "POST") throw { statusCode: 409, message: "Only a ready test can be evidence." };
      if (request.path.endsWith("/evidence-controls")) return { items: [EVIDENCE_CONTROL] };
      return request.path.includes("/testing/tasks/") ? aTask() : {};
    });
    fireEvent.click(await screen.findByRole("button", { name: "Use as evidence" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.mouseDown(await within(dialog).findByRole("combobox", { name: "Control" }));
    fireEvent.click(within(screen.getByRole("listbox")).getAllByRole("option")[0]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Add as evidence" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("The test could not be added as evidence: Only a ready test can be evidence.");
  });

  it("offers no evidence to a reader who may not change the application's controls", async () => {
    await openPage(aTask(), REVIEWER);
    expect(await screen.findByRole("button", { name: "Results (Excel)" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Use as evidence" })).toBeNull();
  });
});
