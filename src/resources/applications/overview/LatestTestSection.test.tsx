// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { dataProvider } from "../../../providers/data-provider";
import { APP_ID } from "../../../test-support/fixtures";
import { initTestI18n } from "../../../test-support/i18n";
import { renderWithRefine } from "../../../test-support/render-with-refine";
import { api } from "../../testing/api-client-mock";
import { aTask, fakeApi, TASK_ID, TASKS_PATH } from "../../testing/test-support";
import { LatestTestSection } from "./LatestTestSection";

vi.mock("../../../providers/api-client", () => import("../../testing/api-client-mock"));

beforeAll(initTestI18n);
beforeEach(() => {
  api.mockReset();
});
afterEach(cleanup);

const render = () => renderWithRefine(<LatestTestSection applicationId={APP_ID} />, { dataProvider, path: `/applications/overview/${APP_ID}` });

describe("the overview's latest fairness test", () => {
  it("shows the latest ready test's flags and lowest impact ratio, linking to its results", async () => {
    fakeApi(api, { tasks: [aTask()] });
    render();
    const section = await screen.findByRole("region", { name: "Latest fairness test" });
    expect(within(section).getByText("Q3 screening audit")).toBeTruthy();
    expect(within(section).getByText("Adverse impact in 2 groups")).toBeTruthy();
    expect(within(section).getByText("Lowest impact ratio 0.720 (Sex)")).toBeTruthy();
    expect(within(section).getByRole("link", { name: "Open the results" }).getAttribute("href")).toBe(`/application-testing/results/${APP_ID}/${TASK_ID}`);
    expect(api.mock.calls.map(([r]) => r).find((r) => r.path === TASKS_PATH)?.query).toEqual({ sort: "-created_at", status: "ready", page: 1, page_size: 1 });
  });

  it("shows nothing when no test is ready", async () => {
    fakeApi(api, { tasks: [aTask({ status: "error", summary: null })] });
    render();
    await waitFor(() => expect(api.mock.calls.some(([r]) => r.path === TASKS_PATH)).toBe(true));
    expect(screen.queryByRole("region", { name: "Latest fairness test" })).toBeNull();
  });
});
