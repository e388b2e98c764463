// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { CurrentUser } from "../../../../domain/access/current-user";
import { dataProvider } from "../../../providers/data-provider";
import { APP_ID, aUser, GROUP_ALL } from "../../../test-support/fixtures";
import { initTestI18n } from "../../../test-support/i18n";
import { renderWithRefine } from "../../../test-support/render-with-refine";
import { api, apiBlob } from "../results/api-client-mock";
import type { LlmRun } from "./llm-api";
import LlmSummaryPage from "./LlmSummaryPage";
import { anLlmRun, fakeLlmApi, LLM_DOC_ID, LLM_TASK_ID } from "./test-support";
import { captureDownloads } from "../../../test-support/downloads";
import { freshMocksEachTest } from "../../../test-support/fresh-mocks";

vi.mock("../../../providers/api-client", () => import("../results/api-client-mock"));

const CONTRIBUTOR = aUser([{ name: "ApplicationContributor", resource_group: GROUP_ALL }]);
const REVIEWER = aUser([{ name: "ApplicationReviewer", resource_group: GROUP_ALL }]);

beforeAll(initTestI18n);
// Loading the charts library once here keeps its first load out of a test's time.
beforeAll(() => import("./LlmGroupCharts"));
freshMocksEachTest(api, apiBlob);

function openPage(run: LlmRun | (() => Promise<LlmRun>), identity: CurrentUser = REVIEWER) {
  fakeLlmApi(api, run);
  renderWithRefine(<LlmSummaryPage />, { dataProvider, identity, path: `/application-testing/results/llm/${LLM_DOC_ID}`, pattern: "/application-testing/results/llm/:documentId" });
}

function rowsOf(table: HTMLElement): Record<string, string[]> {
  const rows = within(table).getAllByRole("row").slice(1);
  return Object.fromEntries(rows.map((row) => [within(row).getByRole("rowheader").textContent, within(row).getAllByRole("cell").map((c) => c.textContent)]));
}

describe("the LLM summary page", () => {
  it("names the responses file, the application and the rows analysed", async () => {
    openPage(anLlmRun());
    expect(await screen.findByRole("heading", { level: 1, name: "LLM fairness test: chatbot-responses.csv" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Claims triage" }).getAttribute("href")).toBe(`/applications/detail/${APP_ID}`);
    const text = document.body.textContent ?? "";
    expect(text).toContain("Rows analysed301");
    expect(text).toContain("Responses300");
    expect(text).toContain("LanguagesEnglish 200 · Spanish 100");
  });

  it("gives the verdict per attribute and by which rule, with each group's key figures and marks", async () => {
    openPage(anLlmRun());
    expect(await screen.findByText("Flagged by the four-fifths rule: Female (0.667)")).toBeTruthy();
    const rows = rowsOf(screen.getByRole("table", { name: "Groups by Gender" }));
    expect(Object.keys(rows)).toEqual(["Male", "Female", "Non-binary"]);
    expect(rows.Male).toEqual(["150", "50.0%", "4.0%", "0.410", "52.3", "90.0%", "1.000", "Best group"]);
    expect(rows.Female).toEqual(["140", "46.7%", "20.0%", "0.120", "40", "60.0%", "0.667", "Adverse impact"]);
    expect(rows["Non-binary"]).toEqual(["6", "2.0%", "0.0%", "0.300", "48", "83.3%", "n/a", "Excluded"]);
    expect(screen.getByText("Best group: Male · 4 responses without a value, left out of the groups")).toBeTruthy();
  });

  it("says when no group is flagged", async () => {
    const run = anLlmRun();
    run.results!.attributes[0] = { ...run.results!.attributes[0], flagged: false, groups: run.results!.attributes[0].groups.map((g) => ({ ...g, flags: [], adverse_impact: false })) };
    openPage(run);
    expect(await screen.findByText(/No group flagged/)).toBeTruthy();
    expect(screen.queryByText(/Flagged by/)).toBeNull();
  });

  it("shows the consistency figures and the sentiment bias per pair of groups", async () => {
    openPage(anLlmRun());
    const figures = await screen.findByLabelText("Consistency across variants by Gender");
    expect(figures.textContent).toContain("Prompts compared140");
    expect(figures.textContent).toContain("Prompts with one variant only (left out)3");
    expect(figures.textContent).toContain("Refusal disagreement rate15.0%");
    expect(figures.textContent).toContain("Mean similarity (ROUGE-L)0.612");
    const pairs = rowsOf(screen.getByRole("table", { name: "Counterfactual sentiment bias by pair of groups — Gender" }));
    expect(pairs["Male / Female"]).toEqual(["140", "0.290", "0.210"]);
  });

  it("draws the favourable rate and the mean sentiment of each group", async () => {
    openPage(anLlmRun());
    const chart = await screen.findByRole("img", { name: "Favourable-response rate of each group by Gender" });
    expect([...chart.querySelectorAll("text")].map((t) => t.textContent)).toEqual(expect.arrayContaining(["Male", "Female", "Non-binary"]));
    expect(await screen.findByRole("img", { name: "Mean sentiment of each group by Gender" })).toBeTruthy();
  });

  it("links each detail table and the explanation", async () => {
    openPage(anLlmRun());
    expect((await screen.findByRole("link", { name: "Refusals" })).getAttribute("href")).toBe(`/application-testing/results/llm/${LLM_DOC_ID}/details/refusals`);
    expect(screen.getByRole("link", { name: "Most divergent prompts" }).getAttribute("href")).toBe(`/application-testing/results/llm/${LLM_DOC_ID}/details/divergent`);
    expect(screen.getByRole("link", { name: "How to read these results" }).getAttribute("href")).toBe(`/application-testing/results/llm/${LLM_DOC_ID}/explanation`);
  });

  it("shows a running test's status, then its results once it is done", async () => {
    let current = anLlmRun({ status: "analyzing", rows_read: 120 }, null);
    openPage(async () => current);
    expect(await screen.findByText("This test is being analysed (120 rows read so far); its results appear here when it is done.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Status page" }).getAttribute("href")).toBe(`/application-testing/status-details/${APP_ID}/${LLM_TASK_ID}`);
    current = anLlmRun();
    expect(await screen.findByRole("table", { name: "Groups by Gender" }, { timeout: 4000 })).toBeTruthy();
  });

  it("says in words why a test failed", async () => {
    openPage(anLlmRun({ status: "error", error: "testing.errors.failed" }, null));
    const alert = await screen.findByText(/This test failed, so it has no results/);
    expect(alert.textContent).not.toContain("testing.errors");
    expect(screen.getByRole("link", { name: "Status page" })).toBeTruthy();
  });

  it("shows the 404 page when there is no LLM test over the document", async () => {
    api.mockRejectedValue({ statusCode: 404, message: "LLM test not found." });
    renderWithRefine(<LlmSummaryPage />, { dataProvider, identity: REVIEWER, path: `/application-testing/results/llm/${LLM_DOC_ID}`, pattern: "/application-testing/results/llm/:documentId" });
    expect(await screen.findByRole("heading", { name: "LLM test not found" })).toBeTruthy();
  });

  it("lets a contributor add the test as evidence, offering the controls LLM tests evidence", async () => {
    openPage(anLlmRun(), CONTRIBUTOR);
    fireEvent.click(await screen.findByRole("button", { name: "Use as evidence" }, { timeout: 4000 }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.mouseDown(await within(dialog).findByRole("combobox", { name: "Control" }));
    fireEvent.click(within(screen.getByRole("listbox")).getAllByRole("option")[0]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Add as evidence" }));
    await waitFor(() => expect(api.mock.calls.map(([r]) => r).filter((r) => r.method === "POST")).toEqual([{ method: "POST", path: `/applications/${APP_ID}/testing/tasks/${LLM_TASK_ID}/evidence`, body: { control_id: "NIST-MEASURE-2.11" } }]));
    expect(api.mock.calls.map(([r]) => r).find((r) => r.path.endsWith("/evidence-controls"))?.query).toEqual({ data_source: "fairness_llm_user" });
  });

  it("names the sentiment analyser the run was scored with, and says when it is an older one than today's", async () => {
    openPage(anLlmRun());
    expect((await screen.findByText("Sentiment analyser")).nextSibling?.textContent).toBe("VADER (English) and VADER's rules over a Spanish AFINN lexicon, version 2.0.0");
    expect(screen.queryByText(/scored with an earlier sentiment analyser/)).toBeNull();
    cleanup();

    const older = anLlmRun();
    older.results!.provenance.lexicon_version = "1.0.0";
    openPage(older);
    expect((await screen.findByText("Sentiment analyser")).nextSibling?.textContent).toBe("Steward's own 340-word lexicon, version 1.0.0");
    expect(screen.getByText(/These results were scored with an earlier sentiment analyser \(Steward's own 340-word lexicon, version 1\.0\.0\); the current one is VADER/)).toBeTruthy();
  });

  it("downloads the LLM bias summary in the user's language, under the application's and the file's names", async () => {
    const saved = captureDownloads();
    apiBlob.mockResolvedValue(new Blob(["%PDF-"]));
    openPage(anLlmRun());
    fireEvent.click(await screen.findByRole("button", { name: "LLM bias summary (PDF)" }));
    await waitFor(() => expect(saved).toEqual(["Claims triage-chatbot-responses.csv-llm-bias-summary-en.pdf"]));
    expect(apiBlob).toHaveBeenCalledWith(`/testing/llm/${LLM_DOC_ID}/bias-audit.pdf?lang=en`);
  });

  it("offers no download before the test has results", async () => {
    openPage(anLlmRun({ status: "analyzing", rows_read: 120 }, null));
    expect(await screen.findByText(/This test is being analysed/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "LLM bias summary (PDF)" })).toBeNull();
  });

  it("offers no evidence to a reader who may not change the application's controls", async () => {
    openPage(anLlmRun(), REVIEWER);
    expect(await screen.findByRole("table", { name: "Groups by Gender" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Use as evidence" })).toBeNull();
  });
});
