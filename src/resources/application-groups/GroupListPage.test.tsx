// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { DataProvider } from "@refinedev/core";
import type { ResourceGroup } from "../../../domain/entities/resource-group";
import { initTestI18n } from "../../test-support/i18n";
import { renderWithRefine } from "../../test-support/render-with-refine";
import GroupListPage from "./GroupListPage";

const groups: ResourceGroup[] = [
  { id: "11111111-1111-4111-8111-111111111111", name: "All applications", group_type: "ALL", resource_ids: [], created_at: "2026-11-20T10:00:00.000Z", version: 1 },
  {
    id: "22222222-2222-4222-8222-222222222222",
    version: 1,
    name: "Customer AI",
    group_type: "SELECTED",
    resource_ids: ["33333333-3333-4333-8333-333333333333", "44444444-4444-4444-8444-444444444444"],
    created_at: "2026-11-21T10:00:00.000Z",
  },
];

function renderPage(dataProvider: Partial<DataProvider>) {
  renderWithRefine(<GroupListPage />, { dataProvider, path: "/application-groups" });
}

beforeAll(initTestI18n);
afterEach(cleanup);

describe("/application-groups", () => {
  it("lists groups from the server with readable types and application counts", async () => {
    const getList = vi.fn(async () => ({ data: groups as never[], total: 2 }));
    renderPage({ getList });
    const row = (await screen.findByText("Customer AI")).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText("Selected applications")).toBeTruthy();
    expect(within(row).getByText("2")).toBeTruthy();
    const allRow = screen.getAllByText("All applications").map((e) => e.closest('[role="row"]')).find(Boolean) as HTMLElement;
    expect(within(allRow).getByText("All")).toBeTruthy();
    expect(getList).toHaveBeenCalledWith(
      expect.objectContaining({ resource: "application-groups", meta: expect.objectContaining({ path: "access/resource-groups" }), sorters: [{ field: "name", order: "asc" }] }),
    );
    expect(screen.getByRole("menuitem", { name: "Edit Customer AI" })).toBeTruthy();
  });

  it("searches on the server once typing pauses", async () => {
    const getList = vi.fn(async () => ({ data: groups as never[], total: 2 }));
    renderPage({ getList });
    await screen.findByText("Customer AI");
    fireEvent.change(screen.getByRole("searchbox", { name: "Search groups" }), { target: { value: "cust" } });
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(expect.objectContaining({ filters: [{ field: "q", operator: "contains", value: "cust" }] })),
    );
  });

  it("shows the server's reason when a delete is refused and keeps the dialog", async () => {
    const deleteOne = vi.fn(async () => {
      throw { statusCode: 409, message: "This resource group is used by role assignments." };
    });
    renderPage({ getList: async () => ({ data: groups as never[], total: 2 }), deleteOne });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Delete Customer AI" }));
    const dialog = screen.getByRole("dialog", { name: "Delete application group?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("used by role assignments");
    expect(deleteOne).toHaveBeenCalledWith(expect.objectContaining({ id: groups[1].id, meta: expect.objectContaining({ path: "access/resource-groups" }) }));
  });
});
