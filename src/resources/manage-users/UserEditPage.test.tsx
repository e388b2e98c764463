// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import UserEditPage from "./UserEditPage";
import { carlos, GROUP_ALL, GROUP_CUSTOMER, initTestI18n, renderWithRefine, ROLE_ADMIN, ROLE_CONTRIBUTOR } from "./test-support";

const PATTERN = "/manage-users/:id";
const openCarlos = (provider: Parameters<typeof renderWithRefine>[1]) =>
  renderWithRefine(<UserEditPage />, { getOne: vi.fn(async () => ({ data: carlos as never })), ...provider }, `/manage-users/${carlos.id}`, PATTERN);

beforeAll(initTestI18n);
afterEach(cleanup);

describe("/manage-users/{userId}", () => {
  it("says a missing user is not found and links back to the list", async () => {
    const getOne = vi.fn(async () => {
      throw { statusCode: 404, message: "User not found." };
    });
    renderWithRefine(<UserEditPage />, { getOne }, "/manage-users/00000000-0000-4000-8000-000000000999", PATTERN);
    expect(await screen.findByRole("heading", { name: "User not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Manage Users" }).getAttribute("href")).toBe("/manage-users");
  });

  it("saves the profile only once it changed", async () => {
    const update = vi.fn(async () => ({ data: { ...carlos, first_name: "Carla" } as never }));
    openCarlos({ update });
    expect(await screen.findByRole("heading", { name: "Carlos Contributor" })).toBeTruthy();
    const save = screen.getByRole("button", { name: "Save" });
    expect(save).toHaveProperty("disabled", true);
    fireEvent.change(screen.getByRole("textbox", { name: /First name/ }), { target: { value: "Carla" } });
    await waitFor(() => expect(save).toHaveProperty("disabled", false));
    fireEvent.click(save);
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        expect.objectContaining({ id: carlos.id, meta: expect.objectContaining({ path: "access/users" }), variables: { first_name: "Carla", last_name: "Contributor", language: "es" } }),
      ),
    );
  });

  it("says removing a role takes it in every group, and shows the server's refusal", async () => {
    const custom = vi.fn(async () => {
      throw { statusCode: 409, message: "This is the company's last Administrator; give another user the Administrator role first." };
    });
    openCarlos({ custom });
    fireEvent.click(await screen.findByRole("button", { name: "Remove role Application Contributor in Customer AI" }));
    const dialog = screen.getByRole("dialog", { name: "Remove role?" });
    expect(dialog.textContent).toContain("every resource group where they hold it: All applications, Customer AI");
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove role" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("last Administrator");
    expect(custom).toHaveBeenCalledWith(expect.objectContaining({ method: "delete", url: `/access/users/${carlos.id}/roles/${ROLE_CONTRIBUTOR}` }));
  });

  it("gives a role on a resource group", async () => {
    const custom = vi.fn(async () => ({ data: carlos as never }));
    const getList = vi.fn(async ({ resource }: { resource: string }) =>
      resource === "access-roles"
        ? { data: [{ id: ROLE_ADMIN, name: "Administrator" }, { id: ROLE_CONTRIBUTOR, name: "ApplicationContributor" }] as never[], total: 2 }
        : { data: [{ ...GROUP_ALL, resource_ids: [], created_at: carlos.created_at }, { ...GROUP_CUSTOMER, resource_ids: [], created_at: carlos.created_at }] as never[], total: 2 },
    );
    openCarlos({ custom, getList });
    fireEvent.click(await screen.findByRole("button", { name: "Add role" }));
    const dialog = screen.getByRole("dialog", { name: "Add role" });
    const choose = async (field: string, option: string) => {
      await waitFor(() => expect(within(dialog).getByRole("combobox", { name: new RegExp(field) }).getAttribute("aria-disabled")).not.toBe("true"));
      fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: new RegExp(field) }));
      fireEvent.click(await screen.findByRole("option", { name: option }));
    };
    await choose("Role", "Administrator");
    await choose("Resource group", "Customer AI (Selected applications)");
    fireEvent.click(within(dialog).getByRole("button", { name: "Add role" }));
    await waitFor(() =>
      expect(custom).toHaveBeenCalledWith(
        expect.objectContaining({ method: "put", url: `/access/users/${carlos.id}/roles/${ROLE_ADMIN}/resource-groups/${GROUP_CUSTOMER.id}` }),
      ),
    );
  });

  it("says why a role was not given and keeps the dialog open", async () => {
    const custom = vi.fn(async () => {
      throw { statusCode: 404, message: "Resource group not found." };
    });
    const getList = vi.fn(async ({ resource }: { resource: string }) =>
      resource === "access-roles"
        ? { data: [{ id: ROLE_ADMIN, name: "Administrator" }] as never[], total: 1 }
        : { data: [{ ...GROUP_CUSTOMER, resource_ids: [], created_at: carlos.created_at }] as never[], total: 1 },
    );
    openCarlos({ custom, getList });
    fireEvent.click(await screen.findByRole("button", { name: "Add role" }));
    const dialog = screen.getByRole("dialog", { name: "Add role" });
    for (const [field, option] of [["Role", "Administrator"], ["Resource group", "Customer AI (Selected applications)"]]) {
      await waitFor(() => expect(within(dialog).getByRole("combobox", { name: new RegExp(field) }).getAttribute("aria-disabled")).not.toBe("true"));
      fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: new RegExp(field) }));
      fireEvent.click(await screen.findByRole("option", { name: option }));
    }
    fireEvent.click(within(dialog).getByRole("button", { name: "Add role" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("The role was not given: Resource group not found.");
    expect(screen.getByRole("dialog", { name: "Add role" })).toBeTruthy();
  });

  it("sends the profile's version and shows a profile saved by someone else beside the stored one", async () => {
    let stored = carlos;
    const getOne = vi.fn(async () => ({ data: stored as never }));
    const update = vi.fn(async () => {
      stored = { ...carlos, first_name: "Carlitos", version: 2 };
      throw { statusCode: 412, message: "The user was changed by someone else." };
    });
    openCarlos({ getOne, update });
    await screen.findByRole("heading", { name: "Carlos Contributor" });
    fireEvent.change(screen.getByRole("textbox", { name: /First name/ }), { target: { value: "Carla" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const conflict = await screen.findByRole("dialog", { name: "This record was changed by someone else" });
    expect(update).toHaveBeenCalledWith(expect.objectContaining({ meta: expect.objectContaining({ version: 1 }) }));
    await waitFor(() => expect(within(conflict).getByRole("row", { name: /First name/ }).textContent).toContain("Carlitos"));
    expect(within(conflict).getByRole("row", { name: /First name/ }).textContent).toContain("Carla");
  });

  it("says why the profile was not saved", async () => {
    const update = vi.fn(async () => {
      throw { statusCode: 500, message: "The identity service is unavailable." };
    });
    openCarlos({ update });
    await screen.findByRole("heading", { name: "Carlos Contributor" });
    fireEvent.change(screen.getByRole("textbox", { name: /First name/ }), { target: { value: "Carla" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The profile was not saved: The identity service is unavailable.");
  });

  it("links the user to corporate sign-in after a confirmation, then shows the link as pending", async () => {
    const OKTA = "00000000-0000-4000-8000-0000000000aa";
    let link: object | null = null;
    const custom = vi.fn(async ({ url, method }: { url: string; method: string }) => {
      if (url === "/company/identity-providers") return { data: { items: [{ id: OKTA, name: "Acme Okta", type: "oidc" }], total: 1 } as never };
      if (method === "post") {
        link = { user_id: carlos.id, provider_id: OKTA, provider_name: "Acme Okta", status: "pending", created_at: carlos.created_at, confirmed_at: null };
        return { data: link as never };
      }
      if (link) return { data: link as never };
      throw { statusCode: 404, message: "Link not found." };
    });
    openCarlos({ custom: custom as never });
    fireEvent.click(await screen.findByRole("button", { name: "Link to corporate sign-in" }));
    const dialog = screen.getByRole("dialog", { name: "Link Carlos Contributor to corporate sign-in" });
    expect(dialog.textContent).toContain("they sign in with their password");
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: /Identity provider/ }).textContent).toContain("Acme Okta"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Link" }));
    await waitFor(() => expect(custom).toHaveBeenCalledWith(expect.objectContaining({ method: "post", url: `/access/users/${carlos.id}/identity-link`, payload: { provider_id: OKTA } })));
    expect(await screen.findByText("Linked to Acme Okta: waiting for the user to confirm")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Remove link" })).toBeTruthy();
  });
});
