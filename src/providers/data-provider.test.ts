import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiRequest } from "./api-client";

const api = vi.hoisted(() => vi.fn<(request: ApiRequest) => Promise<unknown>>());
vi.mock("./api-client", () => ({ api, API_BASE: "/v2" }));

const { dataProvider, filterParams, UNPAGED_MAX_ROWS } = await import("./data-provider");

beforeEach(() => {
  api.mockReset();
});

describe("the /v2 data provider", () => {
  it("sends free text as q, equality as a plain parameter and membership as repeated ones", () => {
    expect(
      filterParams([
        { field: "q", operator: "contains", value: "chat" },
        { field: "enabled", operator: "eq", value: true },
        { field: "risk_tier", operator: "in", value: ["high", "not_assessed"] },
        { field: "owner", operator: "in", value: [] },
        { field: "approval_status", operator: "eq", value: undefined },
      ]),
    ).toEqual({ q: "chat", enabled: "true", risk_tier: ["high", "not_assessed"] });
  });

  it("refuses filters the API would answer as something else", () => {
    expect(() => filterParams([{ field: "name", operator: "contains", value: "chat" }])).toThrow('The API cannot filter by "contains" on name');
    expect(() => filterParams([{ field: "created_at", operator: "gte", value: "2026-01-01" }])).toThrow('"gte" on created_at');
    expect(() => filterParams([{ field: "risk_tier", operator: "eq", value: ["high", "low"] }])).toThrow('several values with "eq"');
    expect(() => filterParams([{ operator: "or", value: [{ field: "q", operator: "contains", value: "a" }] }])).toThrow('"or" combinations');
  });

  it("reads a page with its size, sort and filters, and passes an estimated total on", async () => {
    api.mockResolvedValueOnce({ items: [{ id: "a" }], total: 1200, total_is_estimate: true });
    const result = await dataProvider.getList({
      resource: "applications",
      pagination: { currentPage: 3, pageSize: 25 },
      sorters: [{ field: "risk_tier", order: "desc" }],
      filters: [{ field: "approval_status", operator: "in", value: ["draft"] }],
    });
    expect(api).toHaveBeenCalledWith({ path: "/applications", query: { sort: "-risk_tier", approval_status: ["draft"], page: 3, page_size: 25 } });
    expect(result).toEqual({ data: [{ id: "a" }], total: 1200, totalIsEstimate: true });
  });

  it("passes what a list answers beside its page along (the notifications' unread count)", async () => {
    api.mockResolvedValueOnce({ items: [{ id: "n" }], total: 30, unread: 4, page: 2, page_size: 1 });
    const result = await dataProvider.getList({ resource: "notifications", pagination: { currentPage: 2, pageSize: 1 }, meta: { query: { days: "30" } } });
    expect(api).toHaveBeenCalledWith({ path: "/notifications", query: { days: "30", page: 2, page_size: 1 } });
    expect(result).toEqual({ data: [{ id: "n" }], total: 30, totalIsEstimate: false, unread: 4, page: 2, page_size: 1 });
  });

  it("reads every page of an unpaged list instead of stopping at the first", async () => {
    const rows = Array.from({ length: 450 }, (_, i) => ({ id: String(i) }));
    api.mockImplementation(async ({ query }) => {
      const page = Number(query!.page);
      return { items: rows.slice((page - 1) * 200, page * 200), total: rows.length };
    });
    const result = await dataProvider.getList({ resource: "roles", meta: { path: "access/roles" }, pagination: { mode: "off" } });
    expect(result.data).toHaveLength(450);
    expect(result.total).toBe(450);
    expect(api.mock.calls.map(([r]) => r.query!.page)).toEqual([1, 2, 3]);
  });

  it("refuses to load a list too long to hold at once", async () => {
    api.mockResolvedValue({ items: [], total: UNPAGED_MAX_ROWS + 1 });
    await expect(dataProvider.getList({ resource: "applications", pagination: { mode: "off" } })).rejects.toThrow("too long to load at once");
    expect(api).toHaveBeenCalledTimes(1);
  });
});
