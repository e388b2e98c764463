import { describe, expect, it } from "vitest";
import { breadcrumbsFor, documentTitleFor, humanise } from "./breadcrumbs";

const labels: Record<string, string> = { applications: "AI Applications", "api-access": "API Access" };
const segmentLabel = (s: string) => labels[s];
const id = "3f2b8c1e-9a4d-4e1f-8b2a-1c3d5e7f9a0b";

describe("breadcrumbsFor", () => {
  it("shows Dashboard for the empty path", () => {
    expect(breadcrumbsFor("/")).toEqual([{ label: "Dashboard", href: "/" }]);
    expect(breadcrumbsFor("", { dashboardLabel: "Panel" })[0].label).toBe("Panel");
  });

  it("names applications and api-access by their titles", () => {
    expect(breadcrumbsFor("/applications", { segmentLabel })[0].label).toBe("AI Applications");
    expect(breadcrumbsFor("/api-access", { segmentLabel })[0].label).toBe("API Access");
  });

  it("keeps UUID segments when no entity name is known", () => {
    const crumbs = breadcrumbsFor(`/applications/detail/${id}`, { segmentLabel });
    expect(crumbs.map((c) => c.label)).toEqual(["AI Applications", "Detail", id]);
    expect(crumbs[2].href).toBe(`/applications/detail/${id}`);
  });

  it("titles a detail route with its entity's name", () => {
    const crumbs = breadcrumbsFor(`/manage-users/${id}`, { titles: { [id]: "Ada Admin" } });
    expect(crumbs.map((c) => c.label)).toEqual(["Manage Users", "Ada Admin"]);
  });

  it("upper-cases EU Act, ISO, NIST, AI and RMF", () => {
    expect(humanise("eu-ai-act")).toBe("EU AI Act");
    expect(humanise("nist-ai-rmf")).toBe("NIST AI RMF");
    expect(humanise("iso-42001")).toBe("ISO 42001");
    expect(humanise("my-work")).toBe("My Work");
  });

  it("builds one href per level", () => {
    expect(breadcrumbsFor("/application-testing/results/llm").map((c) => c.href)).toEqual([
      "/application-testing",
      "/application-testing/results",
      "/application-testing/results/llm",
    ]);
  });
});

describe("documentTitleFor", () => {
  it("takes the first segment", () => {
    expect(documentTitleFor(breadcrumbsFor("/applications/detail/x", { segmentLabel }))).toBe("AI Applications | Steward");
    expect(documentTitleFor(breadcrumbsFor("/"))).toBe("Dashboard | Steward");
  });
});
