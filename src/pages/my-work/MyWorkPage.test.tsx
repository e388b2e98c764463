// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { DataProvider } from "@refinedev/core";
import type { MyWorkItem } from "../../../domain/entities/my-work";
import { initTestI18n } from "../../test-support/i18n";
import { renderWithRefine } from "../../test-support/render-with-refine";
import { fakeMyWork } from "../../test-support/my-work";
import MyWorkPage from "./MyWorkPage";

type GetList = NonNullable<DataProvider["getList"]>;
type Custom = NonNullable<DataProvider["custom"]>;

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const control = (n: number): MyWorkItem => ({
  kind: "control",
  application: { id: uuid(n), name: `App ${String(n).padStart(2, "0")}`, risk_tier: "high" },
  subject: { id: "C-RISK-01", name: "C-RISK-01 Risk register" },
  due_date: `2999-01-${String(n).padStart(2, "0")}`,
  link: `/applications/detail/${uuid(n)}?tab=controls`,
});
const overdueReview: MyWorkItem = { kind: "review_due", application: { id: uuid(90), name: "Old bot", risk_tier: "medium" }, subject: null, due_date: "2020-01-01", link: `/applications/detail/${uuid(90)}` };
const toReview: MyWorkItem = { kind: "review", application: { id: uuid(91), name: "New bot", risk_tier: null }, subject: null, due_date: null, link: `/applications/detail/${uuid(91)}` };

function fakes(work: MyWorkItem[]) {
  const fake = fakeMyWork(work);
  const getList = vi.fn<GetList>(async (params) => fake.page(params));
  const custom = vi.fn<Custom>(async ({ url }) => {
    if (url !== "/my-work/counts") throw { statusCode: 404, message: `unexpected ${url}` };
    return { data: fake.counts() as never };
  });
  return { dataProvider: { getList, custom } as Partial<DataProvider>, getList, custom };
}

beforeAll(initTestI18n);
afterEach(cleanup);

describe("My Work", () => {
  it("shows a section per kind with its count, most urgent first, each a page at a time", async () => {
    const { dataProvider, getList } = fakes([...Array.from({ length: 23 }, (_, i) => control(i + 1)), overdueReview, toReview]);
    renderWithRefine(<MyWorkPage />, { dataProvider, path: "/my-work" });
    const sections = await screen.findAllByRole("region");
    expect(sections.map((s) => s.getAttribute("aria-label"))).toEqual(["Reviews due", "Controls assigned to you", "Applications to review"]);
    const controls = within(screen.getByRole("region", { name: "Controls assigned to you" }));
    expect(controls.getByRole("heading", { level: 2 }).textContent).toBe("Controls assigned to you 23");
    await waitFor(() => expect(controls.getAllByRole("link")).toHaveLength(10));
    expect(controls.getAllByRole("link")[0].textContent).toBe("C-RISK-01 Risk register — App 01");

    fireEvent.click(controls.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(controls.getAllByRole("link")).toHaveLength(20));
    fireEvent.click(controls.getByRole("button", { name: "Show more" }));
    await waitFor(() => expect(controls.getAllByRole("link")).toHaveLength(23));
    expect(controls.queryByRole("button", { name: "Show more" })).toBeNull();
    expect(controls.getAllByRole("link").at(-1)!.textContent).toBe("C-RISK-01 Risk register — App 23");

    const reviews = within(screen.getByRole("region", { name: "Reviews due" }));
    expect(await reviews.findByText(/\(overdue\)/)).toBeTruthy();
    expect(reviews.queryByRole("button", { name: "Show more" })).toBeNull();
    // Every read is one kind's page, never the whole list.
    for (const [params] of getList.mock.calls) {
      expect(params.resource).toBe("my-work");
      expect(params.pagination?.pageSize).toBe(10);
      expect(params.filters).toHaveLength(1);
    }
  });

  it("says when nothing waits, and when the list cannot be loaded", async () => {
    renderWithRefine(<MyWorkPage />, { dataProvider: fakes([]).dataProvider, path: "/my-work" });
    expect(await screen.findByText(/Nothing is waiting for you/)).toBeTruthy();
    cleanup();
    const failing = { custom: vi.fn(async () => Promise.reject({ statusCode: 500, message: "down" })) } as Partial<DataProvider>;
    renderWithRefine(<MyWorkPage />, { dataProvider: failing, path: "/my-work" });
    expect((await screen.findByRole("alert")).textContent).toBe("Your work list could not be loaded.");
  });
});
