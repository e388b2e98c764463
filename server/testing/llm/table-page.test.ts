import { describe, expect, it } from "vitest";
import type { LlmTable } from "../../../domain/entities/llm-results";
import { tablePage } from "./table-page";

const TABLE: LlmTable = {
  columns: [
    { id: "group", type: "string" },
    { id: "rate", type: "number" },
    { id: "small", type: "boolean" },
  ],
  rows: [
    { group: "b", rate: 0.5, small: false },
    { group: "a", rate: null, small: true },
    { group: "c", rate: 0.25, small: false },
    { group: "Ab", rate: 0.5, small: false },
  ],
};
const groups = (query: Parameters<typeof tablePage>[1]) => tablePage(TABLE, query).items.map((row) => row.group);

describe("a page of a detail table", () => {
  it("sorts by a column either way, undefined figures last both ways and ties in the table's order", () => {
    expect(groups({ page: 1, page_size: 10, sort: "rate" })).toEqual(["c", "b", "Ab", "a"]);
    expect(groups({ page: 1, page_size: 10, sort: "-rate" })).toEqual(["b", "Ab", "c", "a"]);
    expect(groups({ page: 1, page_size: 10, sort: "small" })).toEqual(["b", "c", "Ab", "a"]);
  });

  it("filters on any cell's text ignoring case, counting the matches before paging", () => {
    expect(tablePage(TABLE, { page: 1, page_size: 1, q: "A" })).toMatchObject({ total: 2, items: [{ group: "a" }] });
    expect(groups({ page: 2, page_size: 1, q: "a" })).toEqual(["Ab"]);
    expect(groups({ page: 1, page_size: 10, q: "0.25" })).toEqual(["c"]);
    expect(tablePage(TABLE, { page: 3, page_size: 2 })).toMatchObject({ total: 4, items: [] });
  });

  it("refuses a sort on a column the table does not have, naming the parameter", () => {
    expect(() => tablePage(TABLE, { page: 1, page_size: 10, sort: "-colour" })).toThrow(expect.objectContaining({ status: 400, errors: [expect.objectContaining({ path: "sort" })] }));
  });
});
