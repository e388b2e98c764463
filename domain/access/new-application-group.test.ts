import { describe, expect, it } from "vitest";
import { newApplicationGroup } from "./new-application-group";

const group = (id: string, name: string, group_type: "ALL" | "SELECTED" = "SELECTED") => ({ id, name, group_type });
const role = (name: string, g: ReturnType<typeof group>) => ({ name, resource_group: g });
const claims = group("00000000-0000-4000-8000-0000000000a2", "Claims AI");
const customer = group("00000000-0000-4000-8000-0000000000a3", "Customer AI");
const all = group("00000000-0000-4000-8000-0000000000a1", "All applications", "ALL");

describe("the group a new application joins", () => {
  it("asks a contributor in several SELECTED groups to choose one, offered by name, each once", () => {
    const roles = [role("ApplicationContributor", customer), role("ApplicationContributor", claims), role("ApplicationReviewer", claims)];
    expect(newApplicationGroup({ roles })).toEqual({
      choose: [
        { id: claims.id, name: "Claims AI" },
        { id: customer.id, name: "Customer AI" },
      ],
    });
  });

  it("takes a contributor's only group, and none for an ALL group or an Administrator", () => {
    expect(newApplicationGroup({ roles: [role("ApplicationContributor", claims)] })).toEqual({ group: claims.id });
    expect(newApplicationGroup({ roles: [role("ApplicationContributor", claims), role("ApplicationContributor", customer), role("ApplicationContributor", all)] })).toEqual({ group: null });
    expect(newApplicationGroup({ roles: [role("Administrator", all), role("ApplicationContributor", claims), role("ApplicationContributor", customer)] })).toEqual({ group: null });
  });

  it("ignores groups where the user only reviews", () => {
    expect(newApplicationGroup({ roles: [role("ApplicationContributor", claims), role("ApplicationReviewer", customer)] })).toEqual({ group: claims.id });
  });

  it("joins a named group the creator contributes to, or any group for one who sees everything, and refuses others", () => {
    const contributor = { roles: [role("ApplicationContributor", claims), role("ApplicationContributor", customer)] };
    expect(newApplicationGroup(contributor, customer.id)).toEqual({ group: customer.id });
    expect(newApplicationGroup({ roles: [role("ApplicationContributor", claims), role("ApplicationReviewer", customer)] }, customer.id)).toEqual({ unknownGroup: true });
    expect(newApplicationGroup({ roles: [role("Administrator", all)] }, customer.id)).toEqual({ group: customer.id });
  });
});
