import { beforeAll, describe, expect, it } from "vitest";
import type { TFunction } from "i18next";
import { lowRiskDetails } from "../../../../../domain/risk/test-support";
import { initTestI18n } from "../../../../test-support/i18n";
import { toFormValues } from "./details-form";
import { detailsConflictRows } from "./details-conflict";

const VENDOR = { id: "00000000-0000-4000-8000-000000000001", name: "Scorewise", risk_level: "low" as const };
let t: TFunction;
beforeAll(async () => {
  t = (await initTestI18n()).t;
});

describe("a refused save's comparison", () => {
  const stored = toFormValues({ name: "Claims triage", description: "Sorts claims" }, lowRiskDetails({ internet_facing: false }));

  it("lists only the fields the user changed, each with their input and the stored value in words", () => {
    const yours = { ...stored, description: "Sorts and routes claims", vendor_ids: [VENDOR.id], details: { ...stored.details, internet_facing: true } };
    expect(detailsConflictRows(t, stored, yours, [VENDOR])).toEqual([
      { field: "description", label: "Description", yours: "Sorts and routes claims", current: "Sorts claims" },
      { field: "vendor_ids", label: "Vendors used", yours: "Scorewise", current: "—" },
      { field: "details.internet_facing", label: expect.stringMatching(/internet/i), yours: "Yes", current: "No" },
    ]);
  });

  it("is empty when the user's input is what is stored now", () => {
    expect(detailsConflictRows(t, stored, { ...stored }, [])).toEqual([]);
  });
});
