// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import { dataProvider } from "../../../providers/data-provider";
import { aUser, GROUP_ALL } from "../../../test-support/fixtures";
import { initTestI18n } from "../../../test-support/i18n";
import { renderWithRefine } from "../../../test-support/render-with-refine";
import en from "../../../../locales/en/testing-llm.json";
import es from "../../../../locales/es/testing-llm.json";
import { api } from "../results/api-client-mock";
import LlmExplanationPage from "./LlmExplanationPage";
import { anLlmRun, fakeLlmApi, LLM_DOC_ID } from "./test-support";

vi.mock("../../../providers/api-client", () => import("../results/api-client-mock"));

const REVIEWER = aUser([{ name: "ApplicationReviewer", resource_group: GROUP_ALL }]);

beforeAll(initTestI18n);
beforeEach(() => {
  api.mockReset();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function openPage() {
  fakeLlmApi(api, anLlmRun());
  renderWithRefine(<LlmExplanationPage />, {
    dataProvider,
    identity: REVIEWER,
    path: `/application-testing/results/llm/${LLM_DOC_ID}/explanation`,
    pattern: "/application-testing/results/llm/:documentId/explanation",
  });
}

describe("the LLM explanation page", () => {
  it("explains each metric: what it measures, how, how to read it, its limits and what to do", async () => {
    openPage();
    expect(await screen.findByRole("heading", { level: 1, name: "How LLM fairness results are computed and read" })).toBeTruthy();
    const sentiment = screen.getByRole("region", { name: "Sentiment" });
    expect(sentiment.textContent).toContain("What it cannot tellA lexicon misses sarcasm");
    expect(screen.getByRole("region", { name: "Refusal rate" }).textContent).toContain("The refusal patterns are heuristics");
    for (const metric of ["Length", "Favourable rate and ratio", "Consistency across variants", "Most divergent prompts"]) {
      expect(within(screen.getByRole("region", { name: metric })).getByText("What to do about a flag")).toBeTruthy();
    }
    expect(screen.getByRole("link", { name: "Back to the summary" }).getAttribute("href")).toBe(`/application-testing/results/llm/${LLM_DOC_ID}`);
  });

  it("lists the refusal patterns per language and the lexicon's version and size", async () => {
    openPage();
    const patterns = await screen.findByRole("region", { name: "Refusal patterns (version 2, searched in the first 200 characters)" });
    expect(within(within(patterns).getByRole("region", { name: "English" })).getByText("I can't help with")).toBeTruthy();
    expect(within(within(patterns).getByRole("region", { name: "Spanish" })).getByText("No puedo ayudar")).toBeTruthy();
    expect(patterns.textContent).toContain("Sentiment lexicon version 3, negations within 3 words.");
    expect(patterns.textContent).toContain("English: 1,200 words scored");
  });

  it("names the sentiment analyser and the package each language's lexicon comes from", async () => {
    openPage();
    const patterns = await screen.findByRole("region", { name: "Refusal patterns (version 2, searched in the first 200 characters)" });
    expect(patterns.textContent).toContain("Sentiment analyser: VADER (English) and VADER's rules over a Spanish AFINN lexicon, version 3.");
    expect(patterns.textContent).toContain("English: 1,200 words scored — from vader-sentiment 1.1.3 (vader_lexicon.txt)");
    expect(patterns.textContent).toContain("Spanish: 900 words scored — from natural 8.1.1 (afinnShortSortedSpanish.json)");
    expect(screen.getByRole("region", { name: "Sentiment" }).textContent).toContain("English responses are scored by VADER");
  });

  it("has every text in Spanish too, the limits included", () => {
    const keys = (tree: object, prefix = ""): string[] =>
      Object.entries(tree).flatMap(([key, value]) => (typeof value === "object" && value ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`]));
    expect(keys(es).sort()).toEqual(keys(en).sort());
    expect(es.explanation.metrics.sentiment.limits).toContain("sarcasmo");
    expect(es.explanation.metrics.refusal.limits).toContain("heurísticos");
  });
});
