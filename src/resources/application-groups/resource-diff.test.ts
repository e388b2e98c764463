import { describe, expect, it } from "vitest";
import { diffResourceIds, shortId } from "./resource-diff";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";
const C = "33333333-3333-4333-8333-333333333333";

describe("diffResourceIds", () => {
  it("adds what is wanted and missing, removes what is listed and unwanted", () => {
    expect(diffResourceIds([A, B], [B, C])).toEqual({ add: [C], remove: [A] });
  });

  it("changes nothing when the sets are equal in another order or with repeats", () => {
    expect(diffResourceIds([A, B], [B, A, B])).toEqual({ add: [], remove: [] });
  });

  it("adds everything to an empty group and empties a group", () => {
    expect(diffResourceIds([], [A, C])).toEqual({ add: [A, C], remove: [] });
    expect(diffResourceIds([A, C], [])).toEqual({ add: [], remove: [A, C] });
  });
});

describe("shortId", () => {
  it("keeps the first block of a uuid", () => {
    expect(shortId(A)).toBe("11111111…");
    expect(shortId("short")).toBe("short");
  });
});
