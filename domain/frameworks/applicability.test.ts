import { describe, expect, it } from "vitest";
import {
  FRAMEWORKS,
  RISK_TIERS,
  applicableControls,
  applicableFrameworks,
  complianceCounts,
  complianceProgress,
  controlById,
  frameworkApplies,
  frameworkByKey,
  scopeMatches,
  type Framework,
} from "./index";

const fw = (key: string): Framework => {
  const f = frameworkByKey(key);
  if (!f) throw new Error(`framework ${key} missing`);
  return f;
};

describe("applicability", () => {
  const employment = { high_risk_areas: ["employment"], decisions_about_people: "supports_human_decision" };
  const internalTool = { high_risk_areas: [], decisions_about_people: "none", intended_users: ["employees"] };

  it("applies NYC LL144 and Illinois HB 3773 only to employment uses", () => {
    for (const key of ["nyc-ll144", "illinois-hb-3773"]) {
      expect(frameworkApplies(fw(key), employment)).toBe(true);
      expect(frameworkApplies(fw(key), { high_risk_areas: ["education", "essential_services_and_credit"] })).toBe(false);
      expect(frameworkApplies(fw(key), internalTool)).toBe(false);
      expect(frameworkApplies(fw(key), { high_risk_areas: null })).toBe(false);
      expect(frameworkApplies(fw(key), null)).toBe(false);
    }
  });

  it("applies the EU AI Act, ISO, NIST and TRAIGA always, even before any answer", () => {
    for (const key of ["eu-ai-act", "iso-42001", "nist-ai-rmf", "texas-traiga"]) {
      expect(frameworkApplies(fw(key), internalTool)).toBe(true);
      expect(frameworkApplies(fw(key), {})).toBe(true);
      expect(frameworkApplies(fw(key), undefined)).toBe(true);
    }
  });

  it("applies Colorado to decisions about people, not when the answer is none or missing", () => {
    const co = fw("colorado-sb-26-189");
    expect(frameworkApplies(co, { decisions_about_people: "automated_decision" })).toBe(true);
    expect(frameworkApplies(co, { decisions_about_people: "supports_human_decision" })).toBe(true);
    expect(frameworkApplies(co, { decisions_about_people: "none" })).toBe(false);
    expect(frameworkApplies(co, { decisions_about_people: null })).toBe(false);
  });

  it("evaluates combined and flag scopes", () => {
    const scope = { all: [{ ai_type_is: "generative_ai" as const }, { any: [{ flag: "internet_facing" as const }, { intended_users_includes: "public" as const }] }] };
    expect(scopeMatches(scope, { ai_type: "generative_ai", internet_facing: true })).toBe(true);
    expect(scopeMatches(scope, { ai_type: "generative_ai", intended_users: ["public"] })).toBe(true);
    expect(scopeMatches(scope, { ai_type: "generative_ai", internet_facing: null, intended_users: ["employees"] })).toBe(false);
    expect(scopeMatches(scope, { ai_type: "predictive_ml", internet_facing: true })).toBe(false);
  });

  it("filters the applicable frameworks in library order", () => {
    expect(applicableFrameworks(FRAMEWORKS, employment).map((f) => f.key)).toEqual([...FRAMEWORKS.map((f) => f.key)]);
    expect(applicableFrameworks(FRAMEWORKS, internalTool).map((f) => f.key)).toEqual(["eu-ai-act", "iso-42001", "nist-ai-rmf", "texas-traiga"]);
  });
});

describe("applicableControls", () => {
  const ids = (xs: { id: string }[]) => xs.map((c) => c.id);

  it("limits each control's requirement ids to the chosen frameworks", () => {
    const result = applicableControls([fw("nyc-ll144")], "high");
    expect(ids(result)).toContain("C-FAIR-02");
    for (const c of result) for (const id of c.requirement_ids) expect(id.startsWith("nyc-ll144:")).toBe(true);
    expect(result.find((c) => c.id === "C-FAIR-02")!.requirement_ids).toEqual([
      "nyc-ll144:bias-audit", "nyc-ll144:impact-ratios", "nyc-ll144:audit-data", "nyc-ll144:published-summary",
    ]);
    expect(controlById("C-FAIR-02")!.requirement_ids.length).toBeGreaterThan(4); // catalogue untouched
  });

  it("returns only controls of the tier", () => {
    for (const tier of RISK_TIERS) for (const c of applicableControls(FRAMEWORKS, tier)) expect(c.tiers).toContain(tier);
  });

  it("gives a prohibited application the withdrawal controls and no build controls", () => {
    const result = ids(applicableControls([fw("eu-ai-act")], "prohibited"));
    expect(result).toEqual(expect.arrayContaining(["C-PROH-01", "C-PROH-02", "C-PROH-03"]));
    expect(result).not.toContain("C-RISK-01");
    expect(result).not.toContain("C-TEST-01");
  });

  it("drops requirements that do not bind at the tier", () => {
    const low = applicableControls([fw("eu-ai-act")], "low");
    expect(ids(low)).toEqual(expect.arrayContaining(["C-LIT-01", "C-TRANS-01", "C-PROH-01"]));
    expect(ids(low)).not.toContain("C-CLASS-01"); // Art. 6(1)/(2) and Annex III bind only high
    expect(ids(low)).not.toContain("C-RISK-01");
    for (const c of low) expect(c.requirement_ids).not.toContain("eu-ai-act:art-9");
    const high = applicableControls([fw("eu-ai-act")], "high");
    expect(high.find((c) => c.id === "C-RISK-01")!.requirement_ids).toEqual(["eu-ai-act:art-9"]);
  });

  it("covers every EU requirement for a high-risk application and every Art. 5 item for a prohibited one", () => {
    const coveredAt = (tier: "high" | "prohibited") => new Set(applicableControls([fw("eu-ai-act")], tier).flatMap((c) => c.requirement_ids));
    const high = coveredAt("high");
    expect(fw("eu-ai-act").requirements.filter((r) => !high.has(r.id)).map((r) => r.id)).toEqual([]);
    const prohibited = coveredAt("prohibited");
    for (const r of fw("eu-ai-act").requirements.filter((x) => /^Art\. 5[ (]/.test(x.ref))) expect(prohibited.has(r.id), r.id).toBe(true);
  });

  it("gives nothing without a tier or without frameworks", () => {
    expect(applicableControls(FRAMEWORKS, null)).toEqual([]);
    expect(applicableControls([], "high")).toEqual([]);
  });
});

describe("complianceProgress", () => {
  it("is (implemented + not_applicable) / applicable", () => {
    expect(complianceProgress(["implemented", "not_applicable", "in_progress", "not_started"])).toBe(0.5);
    expect(complianceProgress(["implemented", "implemented", "implemented", "in_progress"])).toBe(0.75);
    expect(complianceProgress(["not_applicable"])).toBe(1);
    expect(complianceProgress(["not_started", "in_progress"])).toBe(0);
  });

  it("is 0 when nothing applies", () => {
    expect(complianceProgress([])).toBe(0);
  });

  it("counts each status", () => {
    expect(complianceCounts(["implemented", "not_applicable", "not_applicable", "in_progress", "not_started"])).toEqual({
      applicable: 5, implemented: 1, not_applicable: 2, in_progress: 1, not_started: 1,
    });
  });
});
