// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { DataProvider } from "@refinedev/core";
import type { ApiClient } from "../../../domain/entities/api-client";
import { initTestI18n } from "../../test-support/i18n";
import { renderWithRefine } from "../../test-support/render-with-refine";
import ApiClientListPage from "./ApiClientListPage";

const client: ApiClient = {
  id: "6a1e2b3c-0000-4000-8000-000000000001",
  name: "CI pipeline",
  client_id: "steward-ci-7f3a",
  role: { id: "6a1e2b3c-0000-4000-8000-000000000002", name: "ApplicationReviewer" },
  resource_group: { id: "6a1e2b3c-0000-4000-8000-000000000003", name: "Customer AI", group_type: "SELECTED" },
  created_at: "2026-11-21T10:00:00.000Z",
  created_by: "Ada Admin",
  last_used_at: null,
  revoked_at: null,
};
const revoked: ApiClient = { ...client, id: "6a1e2b3c-0000-4000-8000-000000000009", name: "Old import", client_id: "steward-old", revoked_at: "2026-11-21T11:00:00.000Z" };

function renderPage(dataProvider: Partial<DataProvider>) {
  renderWithRefine(<ApiClientListPage />, { dataProvider, path: "/api-access" });
}

const includesRevoked = (params: Parameters<DataProvider["getList"]>[0]) =>
  params.filters?.some((f) => "field" in f && f.field === "include_revoked" && f.value === "true") ?? false;

beforeAll(initTestI18n);
afterEach(cleanup);

describe("/api-access", () => {
  it("lists active clients with readable role, creator and never-used", async () => {
    const getList = vi.fn(async (_params: Parameters<DataProvider["getList"]>[0]) => ({ data: [client] as never[], total: 1 }));
    renderPage({ getList });
    const row = (await screen.findByText("CI pipeline")).closest('[role="row"]') as HTMLElement;
    for (const text of ["steward-ci-7f3a", "Application Reviewer", "Customer AI", "by Ada Admin", "Never", "Active"]) {
      expect(within(row).getByText(text), text).toBeTruthy();
    }
    expect(getList).toHaveBeenCalledWith(expect.objectContaining({ meta: expect.objectContaining({ path: "access/api-clients" }) }));
    expect(includesRevoked(getList.mock.calls[0][0])).toBe(false);
  });

  it("asks for revoked clients only when the switch is on, and offers no revoke for them", async () => {
    const getList = vi.fn(async (params: Parameters<DataProvider["getList"]>[0]) => ({
      data: (includesRevoked(params) ? [client, revoked] : [client]) as never[],
      total: includesRevoked(params) ? 2 : 1,
    }));
    renderPage({ getList });
    await screen.findByText("CI pipeline");
    fireEvent.click(screen.getByRole("switch", { name: "Show revoked" }));
    const row = (await screen.findByText("Old import")).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText("Revoked")).toBeTruthy();
    expect(within(row).queryByRole("menuitem")).toBeNull();
    expect(screen.getByRole("menuitem", { name: "Revoke CI pipeline" })).toBeTruthy();
  });

  it("revokes after a destructive confirmation that says tokens stop working", async () => {
    const deleteOne = vi.fn(async () => ({ data: {} as never }));
    renderPage({ getList: async () => ({ data: [client] as never[], total: 1 }), deleteOne });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Revoke CI pipeline" }));
    const dialog = screen.getByRole("dialog", { name: "Revoke API client?" });
    expect(within(dialog).getByText(/stop working immediately/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(deleteOne).toHaveBeenCalledWith(expect.objectContaining({ id: client.id, meta: expect.objectContaining({ path: "access/api-clients" }) })));
  });
});
