import { packRules, unpackRules, type PackRule } from "@casl/ability/extra";
import type { RawRuleOf } from "@casl/ability";
import type { AppAbility } from "../../../domain/access/abilities";
import type { CurrentUser } from "../../../domain/access/current-user";
import type { ApplicationDocument } from "../../../domain/entities/document";
import type { ModelEndpoint } from "../../../domain/entities/model-endpoint";
import type { TestingTask } from "../../../domain/entities/testing-task";
import type { ApiRequest } from "../../providers/api-client";
import { anApplication, APP_ID, aUser, USER_ID } from "../../test-support/fixtures";
import type { ApiMock } from "./api-client-mock";
import type { DocumentColumns } from "./documents/document-columns";

export const TASK_ID = "00000000-0000-4000-8000-0000000000b1";
export const DOC_ID = "00000000-0000-4000-8000-0000000000d1";
export const TASKS_PATH = `/applications/${APP_ID}/testing/tasks`;

/** Carlos's finished test of the sample application's screening decisions: two groups flagged, sex lowest at 0.72. */
export function aTask(overrides: Partial<TestingTask> = {}): TestingTask {
  return {
    id: TASK_ID,
    application_id: APP_ID,
    data_source: "fairness_ml_user",
    name: "Q3 screening audit",
    document: { id: DOC_ID, name: "decisions.csv" },
    columns: { outcome: "selected", outcome_type: "binary", protected: { sex: "gender" } },
    population: null,
    status: "ready",
    error: null,
    error_params: null,
    rows_read: 3000,
    history: [
      { status: "waiting", at: "2026-03-01T09:00:00.000Z" },
      { status: "analyzing", at: "2026-03-01T09:00:05.000Z" },
      { status: "ready", at: "2026-03-01T09:00:09.000Z" },
    ],
    started_by: { id: USER_ID, name: "Carlos Contributor" },
    summary: { flagged: true, adverse_impact_groups: 2, lowest_impact_ratio: { sex: 0.72, race_ethnicity: 0.85 } },
    created_at: "2026-03-01T09:00:00.000Z",
    updated_at: "2026-03-01T09:00:09.000Z",
    ...overrides,
  };
}

export function aDocument(overrides: Partial<ApplicationDocument> = {}): ApplicationDocument {
  return {
    id: DOC_ID,
    application_id: APP_ID,
    name: "decisions.csv",
    content_type: "text/csv",
    size: 120_000,
    status: "ready",
    error: null,
    uploaded_by: { id: USER_ID, name: "Carlos Contributor" },
    created_at: "2026-02-28T10:00:00.000Z",
    updated_at: "2026-02-28T10:00:05.000Z",
    ...overrides,
  };
}

export const anEndpoint = (overrides: Partial<ModelEndpoint> = {}): ModelEndpoint => ({
  application_id: APP_ID,
  url: "https://models.example.com/v1/models/hiring:predict",
  protocol: "kserve_v1",
  model: null,
  has_token: true,
  version: 1,
  updated_at: "2026-02-27T10:00:00.000Z",
  ...overrides,
});

export const COLUMNS: DocumentColumns = {
  columns: ["applicant_id", "gender", "ethnicity", "age", "selected", "hired"],
  sample: [
    ["a1", "female", "Black", "30-39", "1", "1"],
    ["a2", "male", "White", "40-49", "0", "0"],
  ],
};

export interface FakeTestingApi {
  tasks?: TestingTask[];
  documents?: ApplicationDocument[];
  columns?: DocumentColumns;
  /** Null: no endpoint registered (an empty list of them). */
  endpoint?: ModelEndpoint | null;
  /** Answers the writes (POST, PUT, DELETE). */
  write?(request: ApiRequest): Promise<unknown>;
}

const notFound = (message: string) => Promise.reject({ statusCode: 404, message });

/** The GETs the testing screens make, answered from `data`; writes answer `data.write`. */
export function fakeApi(api: ApiMock, data: FakeTestingApi = {}) {
  const { tasks = [], documents = [aDocument()], columns = COLUMNS, write = async () => tasks[0] } = data;
  // Copies: a test may change its arrays later, as the server would change its rows.
  const list = (items: unknown[]) => ({ items: [...items], total: items.length });
  api.mockImplementation(async (request) => {
    if (request.method && request.method !== "GET") return write(request);
    const { path, query } = request;
    if (path === TASKS_PATH) return list(tasks.filter((task) => !query?.status || task.status === query.status));
    if (path.startsWith(`${TASKS_PATH}/`)) return tasks.find((task) => path === `${TASKS_PATH}/${task.id}`) ?? notFound("Test not found.");
    if (path === `/applications/${APP_ID}/documents`) return list(documents);
    if (path === `/applications/${APP_ID}/testing/columns`) return columns;
    // Read at each request: a test may answer with what an earlier write stored.
    if (path === `/applications/${APP_ID}/testing/endpoint`) return data.endpoint ?? notFound("No model endpoint.");
    if (path === `/applications/${APP_ID}/testing/endpoints`) return data.endpoint ? { items: [data.endpoint], total: 1 } : { items: [], total: 0 };
    if (path === `/applications/${APP_ID}`) return anApplication();
    return list([]);
  });
}

/** The writes sent to the API, without the reads. */
export const writesOf = (api: ApiMock) => api.mock.calls.map(([request]) => request).filter((r) => r.method && r.method !== "GET");

type Rule = RawRuleOf<AppAbility>;
const subjectsOf = (rule: Rule) => [rule.subject].flat() as string[];
const actionsOf = (rule: Rule) => [rule.action].flat() as string[];

/**
 * A user whose packed rules include the `TestingTask` ones the API sends: every role that reads an application
 * reads its tests; one that may update it (a contributor) starts, retries and deletes them. The rules of
 * domain/access/abilities.ts are used as they are once they name the subject themselves.
 */
export function aTestingUser(roles: CurrentUser["roles"]): CurrentUser {
  const user = aUser(roles);
  const rules = unpackRules(user.rules as PackRule<Rule>[]) as Rule[];
  if (rules.some((rule) => subjectsOf(rule).includes("TestingTask"))) return user;
  const testing = rules
    .filter((rule) => subjectsOf(rule).includes("Application") && !rule.inverted)
    .map((rule): Rule => {
      const { id, ...rest } = (rule.conditions ?? {}) as Record<string, unknown>;
      const conditions = { ...rest, ...(id === undefined ? {} : { applicationId: id }) };
      const actions = actionsOf(rule).includes("update") ? ["create", "read", "update", "delete"] : ["read"];
      return { action: actions, subject: "TestingTask", conditions } as unknown as Rule;
    });
  return { ...user, rules: packRules([...rules, ...testing]) };
}
