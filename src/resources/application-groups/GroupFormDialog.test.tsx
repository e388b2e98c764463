// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { DataProvider } from "@refinedev/core";
import type { ApiRequest } from "../../providers/api-client";
import { dataProvider } from "../../providers/data-provider";
import type { ResourceGroup } from "../../../domain/entities/resource-group";
import { initTestI18n } from "../../test-support/i18n";
import { renderWithRefine } from "../../test-support/render-with-refine";
import { GroupFormDialog } from "./GroupFormDialog";

const { api } = vi.hoisted(() => ({ api: vi.fn<(request: ApiRequest) => Promise<unknown>>() }));
vi.mock("../../providers/api-client", () => ({ api, API_BASE: "/v2" }));

const APP = { id: "11111111-1111-4111-8111-111111111111", name: "Credit scoring" };
const UNNAMED = "77777777-7777-4777-8777-777777777777";
const existing: ResourceGroup = {
  version: 1,
  id: "99999999-9999-4999-8999-999999999999",
  name: "Finance",
  group_type: "SELECTED",
  resource_ids: [APP.id, UNNAMED],
  created_at: "2026-11-21T10:00:00.000Z",
};

function renderDialog(applications: DataProvider["getList"], group?: ResourceGroup) {
  const onClose = vi.fn();
  const onChanged = vi.fn();
  // Saves go through the app's data provider, whose HTTP calls are the mocked api; the picker's list is faked.
  renderWithRefine(<GroupFormDialog group={group} onClose={onClose} onChanged={onChanged} />, { dataProvider: { ...dataProvider, getList: applications } });
  return { onClose, onChanged };
}

const missingApi: DataProvider["getList"] = async () => {
  throw { statusCode: 404, message: "Not Found" };
};

beforeAll(initTestI18n);
beforeEach(() => {
  api.mockReset();
});
afterEach(cleanup);

describe("the group form", () => {
  it("says there are no applications yet while GET /applications answers 404", async () => {
    renderDialog(missingApi);
    expect(screen.getByRole("dialog", { name: "Create application group" })).toBeTruthy();
    expect(await screen.findByText("No applications yet")).toBeTruthy();
    // ALL needs no picker.
    fireEvent.click(screen.getByRole("radio", { name: "All applications" }));
    expect(screen.queryByLabelText("Applications")).toBeNull();
  });

  it("names known applications and shortens unknown ids in the chips", async () => {
    const getList = vi.fn(async () => ({ data: [APP] as never[], total: 1 }));
    renderDialog(getList, existing);
    expect(await screen.findByRole("button", { name: "Credit scoring" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Application 77777777…" })).toBeTruthy();
    expect(getList).toHaveBeenCalledWith(expect.objectContaining({ resource: "applications", pagination: expect.objectContaining({ pageSize: 50 }) }));
  });

  it("shows the pattern message before calling the server", async () => {
    renderDialog(missingApi);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Bad <name>" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Use only letters, digits, spaces and _ ~ - .")).toBeTruthy();
    expect(api).not.toHaveBeenCalled();
  });

  it("puts a 409 duplicate name on the name field and keeps the dialog open", async () => {
    api.mockRejectedValue({ statusCode: 409, message: "A resource group with this name already exists.", errors: { name: ["validation.nameTaken"] } });
    const { onClose } = renderDialog(missingApi);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Customer AI" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("This name is already taken.")).toBeTruthy();
    expect(api).toHaveBeenCalledWith(expect.objectContaining({ method: "POST", body: { name: "Customer AI", group_type: "SELECTED" } }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows other server failures as an alert", async () => {
    api.mockRejectedValue({ statusCode: 500, message: "Internal Server Error" });
    renderDialog(missingApi);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Ops" } });
    fireEvent.click(screen.getByRole("radio", { name: "All applications" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Internal Server Error");
  });

  it("saves and closes", async () => {
    api.mockResolvedValue({ ...existing, group_type: "ALL", resource_ids: [] });
    const { onClose, onChanged } = renderDialog(missingApi, existing);
    fireEvent.click(screen.getByRole("radio", { name: "All applications" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onChanged).toHaveBeenCalled();
    expect(api).toHaveBeenCalledWith(expect.objectContaining({ method: "PATCH", path: `/access/resource-groups/${existing.id}` }));
  });

  it("answers a group saved by someone else with the stored values, read again, and saves nothing", async () => {
    api.mockImplementation(async ({ method }) => {
      if (method === "PATCH") throw { statusCode: 412, message: "The resource group was changed by someone else." };
      return { ...existing, name: "Finance team", version: 2 };
    });
    renderDialog(missingApi, existing);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Finance EU" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const conflict = await screen.findByRole("dialog", { name: "This record was changed by someone else" });
    expect(api).toHaveBeenCalledWith(expect.objectContaining({ method: "PATCH", headers: { "If-Match": '"1"' } }));
    await waitFor(() => expect(within(conflict).getByRole("row", { name: /Name/ }).textContent).toContain("Finance team"));
    expect(within(conflict).getByRole("row", { name: /Name/ }).textContent).toContain("Finance EU");
    expect(api).toHaveBeenCalledWith(expect.objectContaining({ path: `/access/resource-groups/${existing.id}` }));
    // Reloading shows the stored group; the next save starts from its version.
    fireEvent.click(within(conflict).getByRole("button", { name: "Reload" }));
    await waitFor(() => expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Finance team"));
  });

  it("after a create whose applications failed, a retry patches the group it created", async () => {
    const created = { ...existing, resource_ids: [], version: 1 };
    let failing = true;
    api.mockImplementation(async ({ method }) => {
      if (method === "POST" || method === "PATCH") return created;
      if (failing) throw { statusCode: 500, message: "Internal Server Error" };
      return { ...created, resource_ids: [APP.id], version: 2 };
    });
    const { onClose, onChanged } = renderDialog(async () => ({ data: [APP] as never[], total: 1 }));
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Finance" } });
    fireEvent.mouseDown(screen.getByLabelText("Applications"));
    fireEvent.click(await screen.findByRole("option", { name: "Credit scoring" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Internal Server Error");
    expect(onChanged).toHaveBeenCalled();
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.mock.calls.map(([r]) => r.method)).toEqual(["POST", "PUT", "PATCH", "PUT"]);
    expect(api).toHaveBeenCalledWith(expect.objectContaining({ method: "PATCH", path: `/access/resource-groups/${created.id}`, headers: { "If-Match": '"1"' } }));
  });
});
