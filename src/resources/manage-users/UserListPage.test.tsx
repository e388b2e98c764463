// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import UserListPage from "./UserListPage";
import { adaAdmin, carlos, initTestI18n, renderWithRefine } from "./test-support";

const list = () => vi.fn(async () => ({ data: [adaAdmin, carlos] as never[], total: 2 }));

beforeAll(initTestI18n);
afterEach(cleanup);

describe("/manage-users", () => {
  it("lists users from the server, sorted by name, with readable roles per group", async () => {
    const getList = list();
    renderWithRefine(<UserListPage />, { getList });
    const row = (await screen.findByRole("link", { name: "Carlos Contributor" })).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText("contributor@steward.test")).toBeTruthy();
    expect(within(row).getByText("Application Contributor · Customer AI")).toBeTruthy();
    expect(within(row).getByText("Español")).toBeTruthy();
    expect(getList).toHaveBeenCalledWith(
      expect.objectContaining({ resource: "manage-users", meta: expect.objectContaining({ path: "access/users" }), sorters: [{ field: "name", order: "asc" }] }),
    );
  });

  it("searches on the server once typing pauses", async () => {
    const getList = list();
    renderWithRefine(<UserListPage />, { getList });
    await screen.findByRole("link", { name: "Carlos Contributor" });
    fireEvent.change(screen.getByRole("searchbox", { name: "Search users" }), { target: { value: "carl" } });
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(expect.objectContaining({ filters: [{ field: "q", operator: "contains", value: "carl" }] })),
    );
  });

  it("does not offer deleting the signed-in Administrator", async () => {
    renderWithRefine(<UserListPage />, { getList: list() });
    await screen.findByRole("link", { name: "Carlos Contributor" });
    await waitFor(() => expect(screen.getByRole("menuitem", { name: "Delete Ada Admin" })).toHaveProperty("disabled", true));
    expect(screen.getByRole("menuitem", { name: "Delete Carlos Contributor" })).toHaveProperty("disabled", false);
  });

  it("shows the server's reason when a delete is refused and keeps the dialog", async () => {
    const deleteOne = vi.fn(async () => {
      throw { statusCode: 409, message: "This is the company's last Administrator; give another user the Administrator role first." };
    });
    renderWithRefine(<UserListPage />, { getList: list(), deleteOne });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Delete Carlos Contributor" }));
    const dialog = screen.getByRole("dialog", { name: "Delete user?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("last Administrator");
    expect(deleteOne).toHaveBeenCalledWith(expect.objectContaining({ id: carlos.id, meta: expect.objectContaining({ path: "access/users" }) }));
  });
});
