import { lazy } from "react";
import { flaggedPage } from "../../components/access/flagged-page";
import { defineResource } from "../define-resource";
import { TESTING_RESOURCE } from "./task-api";

/**
 * Fairness tests of an application's decisions: a tab on the application, and a page per task for its status
 * and its results. Reading them takes a role that reaches the application; the API scopes each task by it.
 */
export const testing = defineResource({
  name: TESTING_RESOURCE,
  label: "testing.tab.label",
  hideInMenu: true,
  access: { action: "read", subject: "Application" },
  routes: {
    status: "/application-testing/status-details/:applicationId/:taskId",
    results: "/application-testing/results/:applicationId/:taskId",
    // LLM results are read by the analysed document, whose latest LLM test they show.
    llmSummary: "/application-testing/results/llm/:documentId",
    llmDetails: "/application-testing/results/llm/:documentId/details/:tableId",
    llmExplanation: "/application-testing/results/llm/:documentId/explanation",
  },
  pages: {
    status: lazy(() => import("./status/TestingStatusPage")),
    results: lazy(() => import("./results/TestingResultsPage")),
    // The LLM testing area is behind its flag: turned off, its pages are not found.
    llmSummary: flaggedPage("llm-testing", () => import("./llm/LlmSummaryPage")),
    llmDetails: flaggedPage("llm-testing", () => import("./llm/LlmDetailsPage")),
    llmExplanation: flaggedPage("llm-testing", () => import("./llm/LlmExplanationPage")),
  },
  applicationTab: { key: "testing", label: "testing.tab.label", page: lazy(() => import("./tab/ApplicationTestingTab")) },
});
