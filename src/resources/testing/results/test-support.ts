import type { FairnessResults, TestingTask } from "../../../../domain/entities/testing-task";
import type { ApiRequest } from "../../../providers/api-client";
import { anApplication, APP_ID, USER_ID } from "../../../test-support/fixtures";
import type { api as apiMock } from "./api-client-mock";

export const TASK_ID = "00000000-0000-4000-8000-0000000000b1";
export const DOC_ID = "00000000-0000-4000-8000-0000000000d1";

const group = (g: Partial<FairnessResults["categories"][number]["groups"][number]> & { group: string }) => ({
  count: 0,
  share: 0,
  positives: 0,
  rate: 0,
  ci_low: 0,
  ci_high: 0,
  impact_ratio: null,
  excluded: false,
  small: false,
  adverse_impact: false,
  p_value: null,
  ...g,
});

/**
 * 1,000 decisions without a label: by sex, men are the most selected, women show adverse impact and a
 * 15-person group is excluded; by race/ethnicity nobody was selected, so no impact ratio can be had.
 */
export function someResults(overrides: Partial<FairnessResults> = {}): FairnessResults {
  return {
    sample_size: 1000,
    outcome_type: "binary",
    categories: [
      {
        category: "sex",
        unknown: 5,
        most_selected: "Male",
        metrics: {
          demographic_parity_difference: 0.15,
          demographic_parity_ratio: 0.7,
          equal_opportunity_difference: null,
          equal_opportunity_ratio: null,
          equalized_odds_difference: null,
          equalized_odds_ratio: null,
        },
        groups: [
          group({ group: "Male", count: 600, share: 0.6, positives: 300, rate: 0.5, ci_low: 0.46, ci_high: 0.54, impact_ratio: 1 }),
          group({ group: "Female", count: 380, share: 0.38, positives: 133, rate: 0.35, ci_low: 0.303, ci_high: 0.4, impact_ratio: 0.7, adverse_impact: true, p_value: 0.0000123 }),
          group({ group: "Non-binary", count: 15, share: 0.015, positives: 3, rate: 0.2, ci_low: 0.07, ci_high: 0.452, excluded: true, small: true }),
        ],
      },
      {
        category: "race_ethnicity",
        unknown: 0,
        most_selected: "White",
        metrics: {
          demographic_parity_difference: 0,
          demographic_parity_ratio: null,
          equal_opportunity_difference: null,
          equal_opportunity_ratio: null,
          equalized_odds_difference: null,
          equalized_odds_ratio: null,
        },
        groups: [
          group({ group: "White", count: 975, share: 0.975, ci_high: 0.004 }),
          group({ group: "Black", count: 25, share: 0.025, ci_high: 0.133, small: true, p_value: 1 }),
        ],
      },
    ],
    provenance: {
      input_sha256: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
      rows_read: 1003,
      rows_without_outcome: 3,
      columns: { outcome: "hired", outcome_type: "binary", positive_value: "yes", protected: { sex: "gender", race_ethnicity: "race" } },
      metric_definitions_version: "1",
      steward_version: "0.15.0",
    },
    ...overrides,
  };
}

/** Carlos's ready hiring audit over an uploaded CSV. */
export function aTask(overrides: Partial<TestingTask> = {}): TestingTask {
  return {
    id: TASK_ID,
    application_id: APP_ID,
    data_source: "fairness_ml_user",
    name: "Hiring audit 2026",
    document: { id: DOC_ID, name: "decisions.csv" },
    columns: someResults().provenance.columns,
    population: null,
    status: "ready",
    error: null,
    error_params: null,
    rows_read: 1003,
    history: [
      { status: "waiting", at: "2026-03-02T09:00:00.000Z" },
      { status: "analyzing", at: "2026-03-02T09:00:05.000Z" },
      { status: "ready", at: "2026-03-02T09:00:09.000Z" },
    ],
    started_by: { id: USER_ID, name: "Carlos Contributor" },
    summary: { flagged: true, adverse_impact_groups: 1, lowest_impact_ratio: { sex: 0.7, race_ethnicity: null } },
    created_at: "2026-03-02T09:00:00.000Z",
    updated_at: "2026-03-02T09:00:09.000Z",
    results: someResults(),
    ...overrides,
  };
}

export const EVIDENCE_CONTROL = { control_id: "LL144-1", name: "Annual bias audit", framework: "NYC Local Law 144" };

/** The GETs the results page makes, answered from `task` and the sample application; writes answer `write`. */
export function fakeResultsApi(api: typeof apiMock, task: TestingTask | (() => Promise<TestingTask>), write: (request: ApiRequest) => Promise<unknown> = async () => ({})) {
  api.mockImplementation(async (request) => {
    if (request.method && request.method !== "GET") return write(request);
    if (request.path === `/applications/${APP_ID}`) return anApplication();
    if (request.path === `/applications/${APP_ID}/testing/tasks/${TASK_ID}`) return typeof task === "function" ? task() : task;
    if (request.path === `/applications/${APP_ID}/testing/evidence-controls`) return { items: [EVIDENCE_CONTROL] };
    return Promise.reject({ statusCode: 404, message: "Not found." });
  });
}

/** The writes sent to the API, without the reads. */
export const writesOf = (api: typeof apiMock) => api.mock.calls.map(([request]) => request).filter((r) => r.method && r.method !== "GET");
