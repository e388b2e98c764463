import { describe, expect, it } from "vitest";
import { groupChoices } from "./group-choice";

const group = (id: string, name: string, group_type: "ALL" | "SELECTED" = "SELECTED") => ({ id, name, group_type });
const role = (name: string, g: ReturnType<typeof group>) => ({ name, resource_group: g });
const claims = group("00000000-0000-4000-8000-0000000000a2", "Claims AI");
const customer = group("00000000-0000-4000-8000-0000000000a3", "Customer AI");
const all = group("00000000-0000-4000-8000-0000000000a1", "All applications", "ALL");

describe("groupChoices", () => {
  it("offers the SELECTED groups of a contributor in several, by name, each once", () => {
    const roles = [role("ApplicationContributor", customer), role("ApplicationContributor", claims), role("ApplicationReviewer", claims)];
    expect(groupChoices({ roles })).toEqual([
      { id: claims.id, name: "Claims AI" },
      { id: customer.id, name: "Customer AI" },
    ]);
  });

  it("offers nothing for a single group, an ALL group or an Administrator", () => {
    expect(groupChoices({ roles: [role("ApplicationContributor", claims)] })).toEqual([]);
    expect(groupChoices({ roles: [role("ApplicationContributor", claims), role("ApplicationContributor", customer), role("ApplicationContributor", all)] })).toEqual([]);
    expect(groupChoices({ roles: [role("Administrator", all), role("ApplicationContributor", claims), role("ApplicationContributor", customer)] })).toEqual([]);
    expect(groupChoices(undefined)).toEqual([]);
  });

  it("ignores groups where the user only reviews", () => {
    expect(groupChoices({ roles: [role("ApplicationContributor", claims), role("ApplicationReviewer", customer)] })).toEqual([]);
  });
});
