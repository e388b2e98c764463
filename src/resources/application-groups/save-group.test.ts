import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ResourceGroup } from "../../../domain/entities/resource-group";
import type { ApiRequest } from "../../providers/api-client";
import { saveGroup } from "./save-group";

const { api } = vi.hoisted(() => ({ api: vi.fn<(request: ApiRequest) => Promise<unknown>>() }));
vi.mock("../../providers/api-client", () => ({ api }));

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

// A block body: a function returned from beforeEach would run as its cleanup.
beforeEach(() => {
  api.mockReset();
});

describe("saveGroup", () => {
  it("creates a SELECTED group and then adds each chosen application", async () => {
    api.mockImplementation(async ({ method, path }) => (method === "POST" ? group() : group({ resource_ids: path.endsWith(A) ? [A] : [A, B] })));
    const onSaved = vi.fn();
    const saved = await saveGroup({ name: "Finance", group_type: "SELECTED", resource_ids: [A, B] }, undefined, onSaved);
    expect(api.mock.calls[0][0]).toMatchObject({ method: "POST", path: "/access/resource-groups", body: { name: "Finance", group_type: "SELECTED" } });
    expect(calls().slice(1)).toEqual([`PUT /access/resource-groups/${group().id}/resources/${A}`, `PUT /access/resource-groups/${group().id}/resources/${B}`]);
    expect(onSaved).toHaveBeenCalledWith(group());
    expect(saved.resource_ids).toEqual([A, B]);
  });

  it("patches an existing group and sends only the difference", async () => {
    api.mockImplementation(async ({ method }) => (method === "PATCH" ? group({ resource_ids: [A, B] }) : method === "PUT" ? group({ resource_ids: [A, B, C] }) : undefined));
    const saved = await saveGroup({ name: "Finance", group_type: "SELECTED", resource_ids: [B, C] }, group({ resource_ids: [A, B] }));
    expect(calls()).toEqual([
      `PATCH /access/resource-groups/${group().id}`,
      `PUT /access/resource-groups/${group().id}/resources/${C}`,
      `DELETE /access/resource-groups/${group().id}/resources/${A}`,
    ]);
    expect(saved.resource_ids).toEqual([B, C]);
  });

  it("makes no application calls for an ALL group", async () => {
    api.mockResolvedValue(group({ group_type: "ALL" }));
    await saveGroup({ name: "Finance", group_type: "ALL", resource_ids: [A] }, group({ resource_ids: [A] }));
    expect(calls()).toEqual([`PATCH /access/resource-groups/${group().id}`]);
  });

  it("reports the created group before a failing application call, so a retry patches it", async () => {
    api.mockImplementation(async ({ method }) => {
      if (method === "POST") return group();
      throw { statusCode: 500, message: "boom" };
    });
    const onSaved = vi.fn();
    await expect(saveGroup({ name: "Finance", group_type: "SELECTED", resource_ids: [A] }, undefined, onSaved)).rejects.toMatchObject({ message: "boom" });
    expect(onSaved).toHaveBeenCalledWith(group());
  });
});
