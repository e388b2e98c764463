// @vitest-environment jsdom
import { createElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup } from "@testing-library/react";
import type { ResourceGroup } from "../../../domain/entities/resource-group";
import type { ApiRequest } from "../../providers/api-client";
import { dataProvider } from "../../providers/data-provider";
import { renderWithRefine } from "../../test-support/render-with-refine";
import { useSaveGroup, type SaveGroup } from "./save-group";

const { api } = vi.hoisted(() => ({ api: vi.fn<(request: ApiRequest) => Promise<unknown>>() }));
vi.mock("../../providers/api-client", () => ({ api, API_BASE: "/v2" }));

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";
const C = "33333333-3333-4333-8333-333333333333";
const group = (over: Partial<ResourceGroup> = {}): ResourceGroup => ({
  version: 1,
  id: "99999999-9999-4999-8999-999999999999",
  name: "Finance",
  group_type: "SELECTED",
  resource_ids: [],
  created_at: "2026-11-21T10:00:00.000Z",
  ...over,
});
const calls = () => api.mock.calls.map(([r]) => `${r.method} ${r.path}`);

/** saveGroup as a form gets it: inside Refine, through the app's data provider (whose HTTP calls are the mocked api). */
function renderSaveGroup(): SaveGroup {
  let save: SaveGroup | undefined;
  function Probe() {
    save = useSaveGroup();
    return null;
  }
  renderWithRefine(createElement(Probe), { dataProvider });
  return (...args) => save!(...args);
}

// A block body: a function returned from beforeEach would run as its cleanup.
beforeEach(() => {
  api.mockReset();
});
afterEach(cleanup);

describe("saveGroup", () => {
  it("creates a SELECTED group and then adds each chosen application", async () => {
    api.mockImplementation(async ({ method, path }) => (method === "POST" ? group() : group({ resource_ids: path.endsWith(A) ? [A] : [A, B] })));
    const onSaved = vi.fn();
    const saveGroup = renderSaveGroup();
    const saved = await saveGroup({ name: "Finance", group_type: "SELECTED", resource_ids: [A, B] }, undefined, onSaved);
    expect(api.mock.calls[0][0]).toMatchObject({ method: "POST", path: "/access/resource-groups", body: { name: "Finance", group_type: "SELECTED" } });
    expect(calls().slice(1)).toEqual([`PUT /access/resource-groups/${group().id}/resources/${A}`, `PUT /access/resource-groups/${group().id}/resources/${B}`]);
    expect(onSaved).toHaveBeenCalledWith(group());
    expect(saved.resource_ids).toEqual([A, B]);
  });

  it("patches an existing group and sends only the difference", async () => {
    api.mockImplementation(async ({ method }) => (method === "PATCH" ? group({ resource_ids: [A, B] }) : method === "PUT" ? group({ resource_ids: [A, B, C] }) : undefined));
    const saveGroup = renderSaveGroup();
    const saved = await saveGroup({ name: "Finance", group_type: "SELECTED", resource_ids: [B, C] }, group({ resource_ids: [A, B] }));
    expect(calls()).toEqual([
      `PATCH /access/resource-groups/${group().id}`,
      `PUT /access/resource-groups/${group().id}/resources/${C}`,
      `DELETE /access/resource-groups/${group().id}/resources/${A}`,
    ]);
    expect(saved.resource_ids).toEqual([B, C]);
  });

  it("sends the version the edit started from, so a group saved since is refused", async () => {
    api.mockResolvedValue(group({ group_type: "ALL", version: 3 }));
    await renderSaveGroup()({ name: "Finance", group_type: "ALL", resource_ids: [] }, group({ version: 2 }), undefined, 1);
    expect(api.mock.calls[0][0]).toMatchObject({ method: "PATCH", headers: { "If-Match": '"1"' } });
  });

  it("makes no application calls for an ALL group", async () => {
    api.mockResolvedValue(group({ group_type: "ALL" }));
    await renderSaveGroup()({ name: "Finance", group_type: "ALL", resource_ids: [A] }, group({ resource_ids: [A] }));
    expect(calls()).toEqual([`PATCH /access/resource-groups/${group().id}`]);
  });

  it("reports the created group before a failing application call, so a retry patches it", async () => {
    api.mockImplementation(async ({ method }) => {
      if (method === "POST") return group();
      throw { statusCode: 500, message: "boom" };
    });
    const onSaved = vi.fn();
    await expect(renderSaveGroup()({ name: "Finance", group_type: "SELECTED", resource_ids: [A] }, undefined, onSaved)).rejects.toMatchObject({ message: "boom" });
    expect(onSaved).toHaveBeenCalledWith(group());
  });
});
