// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { dataProvider } from "../../../providers/data-provider";
import { aUser, GROUP_ALL } from "../../../test-support/fixtures";
import { initTestI18n } from "../../../test-support/i18n";
import { renderWithRefine } from "../../../test-support/render-with-refine";
import { api, apiBlob } from "../results/api-client-mock";
import LlmDetailsPage from "./LlmDetailsPage";
import { anLlmRun, fakeLlmApi, LLM_DOC_ID } from "./test-support";
import { captureDownloads } from "../../../test-support/downloads";
import { freshMocksEachTest } from "../../../test-support/fresh-mocks";

vi.mock("../../../providers/api-client", () => import("../results/api-client-mock"));

const REVIEWER = aUser([{ name: "ApplicationReviewer", resource_group: GROUP_ALL }]);

beforeAll(initTestI18n);
freshMocksEachTest(api, apiBlob);

function openTable(tableId: string) {
  fakeLlmApi(api, anLlmRun());
  renderWithRefine(<LlmDetailsPage />, {
    dataProvider,
    identity: REVIEWER,
    path: `/application-testing/results/llm/${LLM_DOC_ID}/details/${tableId}`,
    pattern: "/application-testing/results/llm/:documentId/details/:tableId",
  });
}

const tableReads = () => api.mock.calls.map(([r]) => r).filter((r) => r.path.endsWith("/tables/refusals"));

describe("an LLM detail table", () => {
  it("shows a page of the table's rows with their columns, flags in words and empty cells as a dash", async () => {
    openTable("refusals");
    expect(await screen.findByRole("heading", { level: 1, name: "Refusals" })).toBeTruthy();
    const grid = await screen.findByRole("grid", { name: "Refusals" });
    await waitFor(() => expect(within(grid).getAllByRole("row")).toHaveLength(3));
    expect(within(grid).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Prompt id", "Group", "Refusal", "Sentiment"]);
    const [, female, male] = within(grid).getAllByRole("row");
    expect(within(female).getAllByRole("gridcell").map((c) => c.textContent)).toEqual(["p-1", "Female", "Yes", "—"]);
    expect(within(male).getAllByRole("gridcell").map((c) => c.textContent)).toEqual(["p-1", "Male", "No", "0.5"]);
    expect(screen.getByText("1–25 of 42")).toBeTruthy();
    expect(tableReads()[0].query).toEqual({ page: 1, page_size: 25 });
  });

  it("asks the server to sort by a column and to search", async () => {
    openTable("refusals");
    const grid = await screen.findByRole("grid", { name: "Refusals" });
    fireEvent.click(await within(grid).findByRole("columnheader", { name: "Sentiment" }));
    await waitFor(() => expect(tableReads().at(-1)?.query).toEqual({ page: 1, page_size: 25, sort: "sentiment" }));
    fireEvent.change(screen.getByRole("searchbox", { name: "Search the table" }), { target: { value: "Female" } });
    await waitFor(() => expect(tableReads().at(-1)?.query).toEqual({ page: 1, page_size: 25, sort: "sentiment", q: "Female" }));
  });

  it("exports the whole table as CSV or Excel with the user's token", async () => {
    const saved = captureDownloads();
    apiBlob.mockResolvedValue(new Blob(["a,b"]));
    openTable("refusals");
    fireEvent.click(await screen.findByRole("button", { name: "Export Excel" }));
    await waitFor(() => expect(saved).toEqual(["llm-refusals.xlsx"]));
    expect(apiBlob).toHaveBeenCalledWith(`/testing/llm/${LLM_DOC_ID}/tables/refusals/export?format=xlsx`);
  });

  it("says clearly when an export fails", async () => {
    apiBlob.mockRejectedValue({ statusCode: 409, message: "This test has no results yet." });
    openTable("refusals");
    fireEvent.click(await screen.findByRole("button", { name: "Export CSV" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The table could not be exported: This test has no results yet.");
  });

  it("shows the 404 page for an unknown table id, without asking the server", async () => {
    openTable("nonsense");
    expect(await screen.findByRole("heading", { name: "Table not found" })).toBeTruthy();
    expect(tableReads()).toEqual([]);
  });

  it("shows the 404 page when the server has no such table", async () => {
    openTable("sentiment");
    expect(await screen.findByRole("heading", { name: "Table not found" })).toBeTruthy();
  });
});
