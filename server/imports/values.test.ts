import { describe, expect, it } from "vitest";
import { IMPORT_FIELDS } from "../../domain/imports/fields";
import { textsFor } from "../i18n/texts";
import { parseCell, type Directory } from "./values";

const field = (entity: "applications" | "vendors", key: string) => IMPORT_FIELDS[entity].find((f) => f.key === key)!;
const directory: Directory = {
  users: new Map([["ada@steward.test", "user-1"]]),
  groups: new Map([["customer ai", "group-1"]]),
  vendors: new Map([["lumina models", { id: "vendor-1", risk: "high" as const }]]),
};
const t = textsFor("en");
const parse = (entity: "applications" | "vendors", key: string, text: string) => parseCell(field(entity, key), text, directory, t);

describe("reading a cell as its field takes it", () => {
  it("takes an option by its value or by its name in English or Spanish, whatever the case and accents", () => {
    expect(parse("applications", "details.ai_type", "generative_ai")).toEqual({ value: "generative_ai" });
    expect(parse("applications", "details.ai_type", "  generative AI ")).toEqual({ value: "generative_ai" });
    expect(parse("applications", "details.personal_data", "Datos personales sensibles")).toEqual({ value: "sensitive" });
    expect(parse("applications", "details.ai_type", "Quantum")).toEqual({
      error: "imports.errors.notAnOption",
      params: { value: "Quantum", allowed: "Predictive machine learning; Generative AI; Rules or other" },
    });
  });

  it("takes several options parted by semicolons, each once, and refuses the whole cell for one unknown", () => {
    expect(parse("applications", "details.intended_users", "Employees; customers;Employees")).toEqual({ value: ["employees", "customers"] });
    expect(parse("applications", "details.intended_users", "Employees; Robots")).toMatchObject({ error: "imports.errors.notAnOption", params: { value: "Robots" } });
  });

  it("reads yes and no in either language, and nothing else", () => {
    for (const yes of ["Yes", "sí", "SI", "true", "1", "x"]) expect(parse("applications", "details.internet_facing", yes)).toEqual({ value: true });
    for (const no of ["No", "false", "0", "n"]) expect(parse("applications", "details.internet_facing", no)).toEqual({ value: false });
    expect(parse("applications", "details.internet_facing", "maybe")).toEqual({ error: "imports.errors.notYesNo", params: { value: "maybe" } });
  });

  it("finds people by e-mail and groups and vendors by name among the company's own", () => {
    expect(parse("applications", "owner", "ADA@steward.test")).toEqual({ value: "user-1" });
    expect(parse("applications", "owner", "eve@elsewhere.test")).toEqual({ error: "imports.errors.unknownUser", params: { value: "eve@elsewhere.test" } });
    expect(parse("applications", "resource_group", "Customer  AI")).toEqual({ value: "group-1" });
    expect(parse("applications", "vendors", "Lumina Models; lumina models")).toEqual({ value: ["vendor-1"] });
    expect(parse("applications", "vendors", "Lumina Models; Ghost; Phantom")).toEqual({ error: "imports.errors.unknownVendor", params: { value: "Ghost; Phantom" } });
    expect(parse("applications", "details.foundation_model_vendor_id", "Lumina Models")).toEqual({ value: "vendor-1" });
  });

  it("takes a day as YYYY-MM-DD only", () => {
    expect(parse("vendors", "details.last_review_date", "2026-02-01")).toEqual({ value: "2026-02-01" });
    for (const bad of ["01/02/2026", "2026-13-01", "yesterday"]) expect(parse("vendors", "details.last_review_date", bad)).toMatchObject({ error: "imports.errors.notADate" });
  });
});
