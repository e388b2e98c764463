import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { applicationDetailsPatchSchema, applicationDetailsSchema, emptyDetails } from "./details-schema";
import { QUESTIONS, QUESTION_IDS } from "./questionnaire";

const VENDOR_ID = "6f1c2a9e-0b7e-4c1e-9a3e-2d6b7f0c1a2b";

/** The paths of the issues a rejected input raises, e.g. "intended_users.1". */
function issuePaths(input: unknown, schema: z.ZodType = applicationDetailsSchema): string[] {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => i.path.join("."));
}

describe("applicationDetailsSchema", () => {
  it("has every question id, each null when nothing is answered", () => {
    const parsed = applicationDetailsSchema.parse({});
    expect(Object.keys(parsed).sort()).toEqual([...QUESTION_IDS].sort());
    expect(parsed).toEqual(emptyDetails());
    expect(Object.values(emptyDetails()).every((v) => v === null)).toBe(true);
  });

  it("accepts a full set of valid answers", () => {
    const answers = {
      ...emptyDetails(),
      purpose: "Screens CVs.",
      intended_users: ["employees", "public"],
      ai_type: "predictive_ml",
      uses_foundation_model: true,
      foundation_model_vendor_id: VENDOR_ID,
      high_risk_areas: ["employment"],
      human_oversight: "human_in_the_loop",
    };
    expect(applicationDetailsSchema.parse(answers)).toEqual(answers);
  });

  it("accepts every option of every choice question", () => {
    for (const q of QUESTIONS) {
      if (!("options" in q)) continue;
      for (const value of q.options) {
        const answer = q.type === "multi" ? [value] : value;
        expect(applicationDetailsSchema.safeParse({ [q.id]: answer }).success, `${q.id}=${value}`).toBe(true);
      }
    }
  });

  it("rejects an unknown question id, naming it", () => {
    expect(issuePaths({ purpose: "x", favourite_colour: "blue", other: null })).toEqual(["favourite_colour", "other"]);
  });

  it("rejects a value outside a question's options, naming the field", () => {
    expect(issuePaths({ ai_type: "quantum" })).toEqual(["ai_type"]);
    expect(issuePaths({ intended_users: ["employees", "robots"] })).toEqual(["intended_users.1"]);
    expect(issuePaths({ personal_data: "some" })).toEqual(["personal_data"]);
  });

  it("rejects a wrong type, naming the field", () => {
    expect(issuePaths({ internet_facing: "yes" })).toEqual(["internet_facing"]);
    expect(issuePaths({ intended_users: "employees" })).toEqual(["intended_users"]);
  });

  it("rejects the same option twice", () => {
    expect(issuePaths({ high_risk_areas: ["education", "education"] })).toEqual(["high_risk_areas"]);
  });

  it("limits purpose to 2000 characters", () => {
    expect(applicationDetailsSchema.safeParse({ purpose: "a".repeat(2000) }).success).toBe(true);
    expect(issuePaths({ purpose: "a".repeat(2001) })).toEqual(["purpose"]);
  });

  it("wants a uuid for the foundation model vendor", () => {
    expect(issuePaths({ uses_foundation_model: true, foundation_model_vendor_id: "acme" })).toEqual(["foundation_model_vendor_id"]);
  });

  it("refuses a foundation model vendor unless uses_foundation_model is true", () => {
    expect(issuePaths({ foundation_model_vendor_id: VENDOR_ID })).toEqual(["foundation_model_vendor_id"]);
    expect(issuePaths({ uses_foundation_model: false, foundation_model_vendor_id: VENDOR_ID })).toEqual(["foundation_model_vendor_id"]);
    expect(applicationDetailsSchema.safeParse({ uses_foundation_model: false, foundation_model_vendor_id: null }).success).toBe(true);
  });

  it("reports every bad field at once", () => {
    expect(issuePaths({ purpose: "a".repeat(2001), ai_type: "x", nope: 1 }).sort()).toEqual(["ai_type", "nope", "purpose"]);
  });
});

describe("applicationDetailsPatchSchema", () => {
  it("keeps only the keys sent, nulls included", () => {
    expect(applicationDetailsPatchSchema.parse({ purpose: "x", ai_type: null })).toEqual({ purpose: "x", ai_type: null });
  });

  it("rejects unknown ids and bad values, naming the field", () => {
    expect(issuePaths({ nope: true }, applicationDetailsPatchSchema)).toEqual(["nope"]);
    expect(issuePaths({ business_criticality: "extreme" }, applicationDetailsPatchSchema)).toEqual(["business_criticality"]);
  });
});
