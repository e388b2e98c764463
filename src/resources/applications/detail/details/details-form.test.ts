import { describe, expect, it } from "vitest";
import { lowRiskDetails } from "../../../../../domain/risk/test-support";
import { changesOf, effectiveAnswers, toFormValues } from "./details-form";

const initial = toFormValues({ name: "Claims triage", description: null }, lowRiskDetails({ intended_users: ["public", "employees"] }));

describe("the details form's PUT body", () => {
  it("is nothing when nothing changed, whatever order the choices are in", () => {
    expect(changesOf(initial, { ...initial, details: { ...initial.details, intended_users: ["employees", "public"] } })).toBeNull();
  });

  it("holds only the changed answers and fields, trimmed", () => {
    const current = { ...initial, name: " Claims triage 2 ", description: "  ", details: { ...initial.details, personal_data: "personal" as const } };
    expect(changesOf(initial, current)).toEqual({ name: "Claims triage 2", details: { personal_data: "personal" } });
  });

  it("clears an answer to a question no longer asked, and a blank text", () => {
    const withVendor = toFormValues(initial, { ...lowRiskDetails(), uses_foundation_model: true, foundation_model_vendor_id: "00000000-0000-4000-8000-000000000001" });
    const current = { ...withVendor, details: { ...withVendor.details, uses_foundation_model: false, purpose: "   " } };
    expect(effectiveAnswers(current.details).foundation_model_vendor_id).toBeNull();
    expect(changesOf(withVendor, current)).toEqual({ details: { uses_foundation_model: false, foundation_model_vendor_id: null, purpose: null } });
  });
});
