import { describe, expect, it } from "vitest";
import {
  CONTROLS,
  FRAMEWORKS,
  ISO_42001_GROUPS,
  LIBRARY_VERSION,
  NIST_FUNCTIONS,
  REQUIREMENTS,
  controlById,
  controlSchema,
  controlsForRequirement,
  frameworkByKey,
  frameworkSchema,
  requirementById,
  type Framework,
} from "./index";

const fw = (key: string): Framework => {
  const f = frameworkByKey(key);
  if (!f) throw new Error(`framework ${key} missing`);
  return f;
};
const refs = (key: string) => fw(key).requirements.map((r) => r.ref);
const dupes = (xs: readonly string[]) => xs.filter((x, i) => xs.indexOf(x) !== i);

describe("library integrity", () => {
  it("validates against the schemas", () => {
    for (const f of FRAMEWORKS) expect(() => frameworkSchema.parse(f), f.key).not.toThrow();
    for (const c of CONTROLS) expect(() => controlSchema.parse(c), c.id).not.toThrow();
  });

  it("ships the seven frameworks in display order, all at the library version", () => {
    expect(FRAMEWORKS.map((f) => f.key)).toEqual([
      "eu-ai-act",
      "iso-42001",
      "nist-ai-rmf",
      "nyc-ll144",
      "colorado-sb-26-189",
      "texas-traiga",
      "illinois-hb-3773",
    ]);
    for (const f of FRAMEWORKS) {
      expect(f.id).toBe(f.key);
      expect(f.version).toBe(LIBRARY_VERSION);
    }
  });

  it("has unique framework, requirement and control ids", () => {
    expect(dupes(FRAMEWORKS.map((f) => f.id))).toEqual([]);
    expect(dupes(REQUIREMENTS.map((r) => r.id))).toEqual([]);
    expect(dupes(CONTROLS.map((c) => c.id))).toEqual([]);
    for (const f of FRAMEWORKS) expect(dupes(refs(f.key).filter((r) => !r.startsWith("775 ILCS")))).toEqual([]);
  });

  it("prefixes every requirement id with its framework key", () => {
    for (const f of FRAMEWORKS) {
      for (const r of f.requirements) {
        expect(r.framework_key).toBe(f.key);
        expect(r.id.startsWith(`${f.key}:`)).toBe(true);
      }
    }
  });

  it("keeps each applies_from on one of the framework's key dates", () => {
    for (const f of FRAMEWORKS) {
      const dates = f.key_dates.map((d) => d.date);
      for (const r of f.requirements) if (r.applies_from) expect(dates, r.id).toContain(r.applies_from);
    }
  });
});

describe("crosswalk", () => {
  it("has about forty controls", () => {
    expect(CONTROLS.length).toBeGreaterThanOrEqual(38);
    expect(CONTROLS.length).toBeLessThanOrEqual(48);
  });

  it("refers only to existing requirements, without repeats", () => {
    for (const c of CONTROLS) {
      expect(dupes(c.requirement_ids), c.id).toEqual([]);
      for (const id of c.requirement_ids) expect(requirementById(id), `${c.id} → ${id}`).toBeDefined();
    }
  });

  it("covers every requirement of every framework", () => {
    const uncovered = REQUIREMENTS.filter((r) => controlsForRequirement(r.id).length === 0).map((r) => r.id);
    expect(uncovered).toEqual([]);
  });

  it("covers each tier-limited requirement with a control of a matching tier", () => {
    for (const r of REQUIREMENTS) {
      if (!r.applies_to_tiers) continue;
      const ok = controlsForRequirement(r.id).some((c) => c.tiers.some((t) => r.applies_to_tiers!.includes(t)));
      expect(ok, r.id).toBe(true);
    }
  });

  it("lets one control satisfy several frameworks at once", () => {
    const test = controlById("C-TEST-01")!;
    expect(test.requirement_ids).toEqual(expect.arrayContaining(["eu-ai-act:art-9", "iso-42001:A.6.2.4", "nist-ai-rmf:MEASURE-2.1"]));
    const spanning = CONTROLS.filter((c) => new Set(c.requirement_ids.map((id) => id.split(":")[0])).size >= 3);
    expect(spanning.length).toBeGreaterThanOrEqual(10);
  });

  it("grades tiers: prohibited-use controls only for prohibited, more for high than medium than low", () => {
    const count = (t: string) => CONTROLS.filter((c) => c.tiers.includes(t as never)).length;
    expect(controlById("C-PROH-02")!.tiers).toEqual(["prohibited"]);
    expect(controlById("C-PROH-03")!.tiers).toEqual(["prohibited"]);
    expect(count("high")).toBeGreaterThan(count("medium"));
    expect(count("medium")).toBeGreaterThan(count("low"));
    expect(count("low")).toBeGreaterThan(count("prohibited"));
    for (const id of ["C-GOV-02", "C-LIT-01", "C-TRANS-01"]) expect(controlById(id)!.tiers).toContain("low");
  });
});

describe("ISO/IEC 42001 Annex A", () => {
  const iso = fw("iso-42001");

  it("has exactly 38 controls with the real numbering", () => {
    expect(iso.requirements).toHaveLength(38);
    expect(refs("iso-42001")).toEqual([
      "A.2.2", "A.2.3", "A.2.4",
      "A.3.2", "A.3.3",
      "A.4.2", "A.4.3", "A.4.4", "A.4.5", "A.4.6",
      "A.5.2", "A.5.3", "A.5.4", "A.5.5",
      "A.6.1.2", "A.6.1.3", "A.6.2.2", "A.6.2.3", "A.6.2.4", "A.6.2.5", "A.6.2.6", "A.6.2.7", "A.6.2.8",
      "A.7.2", "A.7.3", "A.7.4", "A.7.5", "A.7.6",
      "A.8.2", "A.8.3", "A.8.4", "A.8.5",
      "A.9.2", "A.9.3", "A.9.4",
      "A.10.2", "A.10.3", "A.10.4",
    ]);
  });

  it("uses the nine groups, each control in the group of its number", () => {
    expect([...new Set(iso.requirements.map((r) => r.group))]).toEqual([...ISO_42001_GROUPS]);
    expect(ISO_42001_GROUPS).toHaveLength(9);
    for (const r of iso.requirements) expect(r.group.startsWith(r.ref.split(".").slice(0, 2).join(".") + " ")).toBe(true);
    const perGroup = Object.fromEntries(ISO_42001_GROUPS.map((g) => [g.split(" ")[0], iso.requirements.filter((r) => r.group === g).length]));
    expect(perGroup).toEqual({ "A.2": 3, "A.3": 2, "A.4": 5, "A.5": 4, "A.6": 9, "A.7": 5, "A.8": 4, "A.9": 3, "A.10": 3 });
  });

  it("keeps titles short (own wording only)", () => {
    for (const r of iso.requirements) expect(r.title.length, r.ref).toBeLessThanOrEqual(45);
  });
});

describe("NIST AI RMF", () => {
  const nist = fw("nist-ai-rmf");

  it("has 4 functions, 19 categories and 72 subcategories", () => {
    expect([...new Set(nist.requirements.map((r) => r.group))]).toEqual([...NIST_FUNCTIONS]);
    expect(new Set(nist.requirements.map((r) => r.subgroup)).size).toBe(19);
    expect(nist.requirements).toHaveLength(72);
  });

  it("splits the subcategories GV 19 / MP 18 / MS 22 / MG 13", () => {
    const per = (fn: string) => nist.requirements.filter((r) => r.group === fn).length;
    expect([per("GOVERN"), per("MAP"), per("MEASURE"), per("MANAGE")]).toEqual([19, 18, 22, 13]);
  });

  it("has the right number of subcategories per category", () => {
    const perCategory: Record<string, number> = {};
    for (const r of nist.requirements) perCategory[r.subgroup!] = (perCategory[r.subgroup!] ?? 0) + 1;
    expect(perCategory).toEqual({
      "GOVERN 1": 7, "GOVERN 2": 3, "GOVERN 3": 2, "GOVERN 4": 3, "GOVERN 5": 2, "GOVERN 6": 2,
      "MAP 1": 6, "MAP 2": 3, "MAP 3": 5, "MAP 4": 2, "MAP 5": 2,
      "MEASURE 1": 3, "MEASURE 2": 13, "MEASURE 3": 3, "MEASURE 4": 3,
      "MANAGE 1": 4, "MANAGE 2": 4, "MANAGE 3": 2, "MANAGE 4": 3,
    });
  });

  it("prints refs as 'MAP 1.1' with ids like nist-ai-rmf:MAP-1.1", () => {
    const r = requirementById("nist-ai-rmf:MAP-1.1")!;
    expect(r.ref).toBe("MAP 1.1");
    expect(r.group).toBe("MAP");
    expect(r.subgroup).toBe("MAP 1");
    expect(requirementById("nist-ai-rmf:MEASURE-2.13")!.ref).toBe("MEASURE 2.13");
    expect(requirementById("nist-ai-rmf:GOVERN-1.8")).toBeUndefined();
  });
});

describe("EU AI Act", () => {
  const eu = fw("eu-ai-act");
  const r = (local: string) => requirementById(`eu-ai-act:${local}`);

  it("lists Art. 5(1)(a)–(h) and the 2026 ban", () => {
    const art5 = eu.requirements.filter((x) => /^Art\. 5[ (]/.test(x.ref));
    expect(art5.map((x) => x.ref)).toEqual([
      ...["a", "b", "c", "d", "e", "f", "g", "h"].map((l) => `Art. 5(1)(${l})`),
      "Art. 5 (2026 amendment)",
    ]);
    expect(r("art-5-ncii")!.applies_from).toBe("2026-12-02");
    expect(r("art-5-a")!.applies_from).toBe("2025-02-02");
  });

  it("models Art. 6(1), 6(2), the 6(3)(a)–(d) exemptions (never with profiling) and 6(4)", () => {
    expect(refs("eu-ai-act").filter((x) => x.startsWith("Art. 6"))).toEqual([
      "Art. 6(1)", "Art. 6(2)", "Art. 6(3)(a)", "Art. 6(3)(b)", "Art. 6(3)(c)", "Art. 6(3)(d)", "Art. 6(4)",
    ]);
    for (const l of ["a", "b", "c", "d"]) expect(r(`art-6-3-${l}`)!.summary).toMatch(/profiles natural persons/);
    expect(r("art-6-1")!.summary).toMatch(/Annex I/);
    expect(r("art-6-1")!.summary).toMatch(/third-party conformity assessment/);
  });

  it("lists Annex III areas 1–8", () => {
    const areas = eu.requirements.filter((x) => x.ref.startsWith("Annex III"));
    expect(areas.map((x) => x.ref)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => `Annex III(${n})`));
    expect(areas.map((x) => x.title)).toEqual([
      "Biometrics",
      "Critical infrastructure",
      "Education and vocational training",
      "Employment and workers management",
      "Essential private and public services and benefits",
      "Law enforcement",
      "Migration, asylum and border control",
      "Administration of justice and democratic processes",
    ]);
  });

  it("has Art. 4, 9–15, 26, 27 and 50 with the high-risk obligations bound to the high tier", () => {
    for (const a of [4, 9, 10, 11, 12, 13, 14, 15, 26, 27, 50]) expect(r(`art-${a}`)?.ref).toBe(`Art. ${a}`);
    for (const a of [9, 10, 11, 12, 13, 14, 15, 26, 27]) expect(r(`art-${a}`)!.applies_to_tiers).toEqual(["high"]);
    expect(r("art-50")!.applies_to_tiers).toEqual(["high", "medium", "low"]);
    expect(r("art-4")!.applies_to_tiers).toBeUndefined();
    expect(eu.requirements).toHaveLength(35);
  });
});

describe("statuses and key dates", () => {
  it("matches domain-facts", () => {
    const summary = Object.fromEntries(FRAMEWORKS.map((f) => [f.key, [f.status, f.key_dates.map((d) => d.date)]]));
    expect(summary["eu-ai-act"]).toEqual(["In Effect", ["2025-02-02", "2025-08-02", "2026-08-02", "2026-12-02", "2027-12-02", "2028-08-02"]]);
    expect(summary["iso-42001"]![0]).toBe("Voluntary");
    expect(summary["nist-ai-rmf"]![0]).toBe("Voluntary");
    expect(summary["nyc-ll144"]).toEqual(["In Effect", ["2023-07-05"]]);
    expect(summary["colorado-sb-26-189"]).toEqual(["Passed", ["2027-01-01"]]);
    expect(summary["texas-traiga"]).toEqual(["In Effect", ["2026-01-01"]]);
    expect(summary["illinois-hb-3773"]).toEqual(["In Effect", ["2026-01-01"]]);
  });

  it("labels the EU AI Act dates by what starts to apply", () => {
    const label = (d: string) => fw("eu-ai-act").key_dates.find((k) => k.date === d)!.label;
    expect(label("2025-02-02")).toMatch(/Prohibited practices and AI literacy/);
    expect(label("2025-08-02")).toMatch(/general-purpose/);
    expect(label("2026-08-02")).toMatch(/Art\. 50/);
    expect(label("2026-12-02")).toMatch(/intimate imagery and CSAM/);
    expect(label("2027-12-02")).toMatch(/Annex III/);
    expect(label("2028-08-02")).toMatch(/Annex I\b/);
  });
});

describe("lookups", () => {
  it("finds by key or id and returns undefined otherwise", () => {
    expect(frameworkByKey("eu-ai-act")!.short_name).toBe("EU AI Act");
    expect(frameworkByKey("gdpr")).toBeUndefined();
    expect(requirementById("iso-42001:A.5.2")!.group).toBe("A.5 Assessing impacts of AI systems");
    expect(requirementById("iso-42001:A.5.9")).toBeUndefined();
    expect(controlById("C-RISK-01")!.requirement_ids).toContain("eu-ai-act:art-9");
    expect(controlById("C-NOPE-01")).toBeUndefined();
  });
});
