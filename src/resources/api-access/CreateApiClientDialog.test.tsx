// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { DataProvider } from "@refinedev/core";
import type { ApiClientCreated } from "../../../domain/entities/api-client";
import { initTestI18n } from "../../test-support/i18n";
import { renderWithRefine } from "../../test-support/render-with-refine";
import { CreateApiClientDialog } from "./CreateApiClientDialog";

const ROLE = { id: "6a1e2b3c-0000-4000-8000-000000000002", name: "ApplicationReviewer" };
const GROUP = { id: "6a1e2b3c-0000-4000-8000-000000000003", name: "Customer AI", group_type: "SELECTED", resource_ids: [], created_at: "2026-11-21T10:00:00.000Z" };
const created: ApiClientCreated = {
  id: "6a1e2b3c-0000-4000-8000-000000000001",
  name: "CI pipeline",
  client_id: "steward-ci-7f3a",
  client_secret: "s3cr3t-only-once",
  token_url: "https://steward.example/oauth2/token",
  role: ROLE,
  resource_group: { id: GROUP.id, name: GROUP.name, group_type: "SELECTED" },
  created_at: "2026-11-21T10:00:00.000Z",
  created_by: "Ada Admin",
  last_used_at: null,
  revoked_at: null,
};

function renderDialog(create: DataProvider["create"]) {
  const getList: DataProvider["getList"] = async ({ resource }) => ({ data: (resource === "access-roles" ? [ROLE] : [GROUP]) as never[], total: 1 });
  const onClose = vi.fn();
  const onCreated = vi.fn();
  renderWithRefine(<CreateApiClientDialog onClose={onClose} onCreated={onCreated} />, { dataProvider: { getList, create } });
  return { onClose, onCreated };
}

async function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "CI pipeline" } });
  fireEvent.mouseDown(screen.getByRole("combobox", { name: /^Role/ }));
  fireEvent.click(await screen.findByRole("option", { name: "Application Reviewer" }));
  fireEvent.mouseDown(screen.getByRole("combobox", { name: /^Resource group/ }));
  fireEvent.click(await screen.findByRole("option", { name: "Customer AI (Selected applications)" }));
  fireEvent.click(screen.getByRole("button", { name: "Create" }));
}

beforeAll(initTestI18n);
afterEach(cleanup);

describe("Create API client", () => {
  it("asks for a role and a group before calling the server", async () => {
    const create = vi.fn();
    renderDialog(create);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "CI pipeline" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findAllByText("This field is required.")).toHaveLength(2);
    expect(create).not.toHaveBeenCalled();
  });

  it("creates the client, then shows the secret once until Done", async () => {
    const create = vi.fn(async () => ({ data: created as never }));
    const { onClose, onCreated } = renderDialog(create);
    await fillAndSubmit();
    const dialog = await screen.findByRole("dialog", { name: "API client created" });
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ meta: expect.objectContaining({ path: "access/api-clients" }), variables: { name: "CI pipeline", role_id: ROLE.id, resource_group_id: GROUP.id } }),
    );
    expect(onCreated).toHaveBeenCalled();
    expect((within(dialog).getByLabelText("Client secret") as HTMLInputElement).value).toBe("s3cr3t-only-once");
    // Escape does not close it; only Done does.
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    expect(onClose).toHaveBeenCalled();
  });

  it("shows a server failure in the form", async () => {
    const create = vi.fn(async () => {
      throw { statusCode: 404, message: "Resource group not found." };
    });
    renderDialog(create);
    await fillAndSubmit();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Resource group not found."));
    expect(screen.queryByLabelText("Client secret")).toBeNull();
  });
});
