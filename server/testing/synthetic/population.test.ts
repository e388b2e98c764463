import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { Population } from "../../../domain/entities/testing-task";
import { populationCsvChunks, populationSha256 } from "./population-csv";
import { modelInstance, populationHeader, populationLayout, populationProblems, populationRows, type PopulationRow } from "./population";

const SPEC: Population = {
  size: 1000,
  seed: 42,
  features: [
    { name: "years_experience", kind: "number", min: 0, max: 20, integer: true },
    { name: "test_score", kind: "number", min: 0, max: 1 },
    { name: "degree", kind: "category", values: ["none", "bachelor", "master"] },
  ],
  protected: [
    { attribute: "sex", values: [{ value: "female", share: 0.5 }, { value: "male", share: 0.5 }] },
    {
      attribute: "race_ethnicity",
      values: [
        { value: "Asian", share: 0.2 },
        { value: "Black", share: 0.2 },
        { value: "White", share: 0.6 },
      ],
    },
  ],
  scoring: "offline",
  outcome_type: "score",
};

const rows = (spec: Population) => [...populationRows(spec)];

describe("a synthetic population", () => {
  it("is the same rows for the same spec, and other rows for another seed", () => {
    expect(rows(SPEC)).toEqual(rows(SPEC));
    expect(populationSha256(SPEC)).toBe(populationSha256({ ...SPEC }));
    const other = rows({ ...SPEC, seed: 43 });
    expect(other.map((r) => r.features)).not.toEqual(rows(SPEC).map((r) => r.features));
  });

  it("has floor(size ÷ Σ values) base profiles, each yielding one row per value of each attribute", () => {
    // 2 + 3 values: 5 rows per base, 200 bases.
    expect(populationLayout(SPEC)).toEqual({ twinsPerBase: 5, bases: 200, rows: 1000 });
    expect(rows(SPEC)).toHaveLength(1000);
    expect(populationLayout({ ...SPEC, size: 1004 })).toMatchObject({ bases: 200, rows: 1000 });
    // A size smaller than one base still makes one.
    const tiny = { ...SPEC, size: 10, protected: [{ attribute: "age_band", values: Array.from({ length: 12 }, (_, i) => ({ value: `band ${i}`, share: 1 })) }] };
    expect(populationLayout(tiny)).toEqual({ twinsPerBase: 12, bases: 1, rows: 12 });
    expect(rows(tiny)).toHaveLength(12);
  });

  it("numbers rows from 1 and names twin sets <base>-<attribute>", () => {
    const first = rows(SPEC).slice(0, 6);
    expect(first.map((r) => r.row_id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(first.map((r) => r.twin_set)).toEqual(["1-sex", "1-sex", "1-race_ethnicity", "1-race_ethnicity", "1-race_ethnicity", "2-sex"]);
    expect(first.map((r) => r.varied_attribute)).toEqual(["sex", "sex", "race_ethnicity", "race_ethnicity", "race_ethnicity", "sex"]);
  });

  it("makes twins that differ only in the varied attribute, which takes each of its values once", () => {
    const sets = new Map<string, PopulationRow[]>();
    for (const row of rows(SPEC)) sets.set(row.twin_set, [...(sets.get(row.twin_set) ?? []), row]);
    expect(sets.size).toBe(400);
    for (const twins of sets.values()) {
      const attribute = SPEC.protected.findIndex((a) => a.attribute === twins[0].varied_attribute);
      expect(twins.map((t) => t.protected[attribute])).toEqual(SPEC.protected[attribute].values.map((v) => v.value));
      for (const twin of twins) {
        expect(twin.features).toEqual(twins[0].features);
        expect(twin.protected.filter((_, i) => i !== attribute)).toEqual(twins[0].protected.filter((_, i) => i !== attribute));
      }
    }
    // Both twin sets of a base hold the base itself: same features, and its own sex and race in each.
    const sexTwins = sets.get("7-sex")!;
    const raceTwins = sets.get("7-race_ethnicity")!;
    const base = { sex: raceTwins[0].protected[0], race: sexTwins[0].protected[1] };
    expect(sexTwins.find((t) => t.protected[0] === base.sex)).toEqual({ ...raceTwins.find((t) => t.protected[1] === base.race)!, row_id: expect.any(Number), twin_set: "7-sex", varied_attribute: "sex" });
  });

  it("draws features within their ranges and values, whole numbers for integer features", () => {
    const all = rows({ ...SPEC, size: 5000 });
    const years = all.map((r) => r.features[0] as number);
    const scores = all.map((r) => r.features[1] as number);
    expect(years.every((y) => Number.isInteger(y) && y >= 0 && y <= 20)).toBe(true);
    // Both ends are drawn as often as any other whole number (about 1/21 of the bases each).
    const bases = all.filter((r) => r.twin_set.endsWith("-sex") && r.protected[0] === "female");
    const ends = bases.filter((r) => r.features[0] === 0 || r.features[0] === 20).length / bases.length;
    expect(ends).toBeGreaterThan(0.06);
    expect(ends).toBeLessThan(0.13);
    expect(scores.every((s) => s >= 0 && s <= 1 && Number(s.toFixed(4)) === s)).toBe(true);
    expect(new Set(all.map((r) => r.features[2]))).toEqual(new Set(["none", "bachelor", "master"]));
  });

  it("respects the shares of the protected values in the base profiles, roughly", () => {
    const spec = { ...SPEC, size: 50_000 };
    // The sex value of each race twin set's rows is the base's own draw.
    const bases = rows(spec).filter((r) => r.varied_attribute === "race_ethnicity" && r.protected[1] === "Asian");
    const female = bases.filter((r) => r.protected[0] === "female").length / bases.length;
    expect(female).toBeGreaterThan(0.47);
    expect(female).toBeLessThan(0.53);
    const sexBases = rows(spec).filter((r) => r.varied_attribute === "sex" && r.protected[0] === "female");
    const white = sexBases.filter((r) => r.protected[1] === "White").length / sexBases.length;
    expect(white).toBeGreaterThan(0.57);
    expect(white).toBeLessThan(0.63);
    // Shares need not sum to 1: they are normalised (0.1 and 0.3 are a quarter and three quarters).
    const unnormalised: Population = {
      ...spec,
      size: 40_000,
      protected: [
        { attribute: "sex", values: [{ value: "f", share: 0.1 }, { value: "m", share: 0.3 }] },
        { attribute: "age_band", values: [{ value: "young", share: 1 }, { value: "old", share: 1 }] },
      ],
    };
    const ageTwins = rows(unnormalised).filter((r) => r.varied_attribute === "age_band" && r.protected[1] === "young");
    const f = ageTwins.filter((r) => r.protected[0] === "f").length / ageTwins.length;
    expect(f).toBeGreaterThan(0.22);
    expect(f).toBeLessThan(0.28);
  });

  it("extends a smaller population with the same seed: base n is the same whatever the size", () => {
    const small = rows({ ...SPEC, size: 100 });
    expect(rows(SPEC).slice(0, 100)).toEqual(small);
  });

  it("sends the model every feature and every protected attribute by name", () => {
    const [row] = rows(SPEC);
    expect(Object.keys(modelInstance(SPEC, row))).toEqual(["years_experience", "test_score", "degree", "sex", "race_ethnicity"]);
    expect(modelInstance(SPEC, row).sex).toBe("female");
  });
});

describe("the population's CSV", () => {
  it("has the header row_id, twin_set, varied_attribute, the features, the protected attributes, and reads back as the rows", () => {
    const text = [...populationCsvChunks(SPEC)].join("");
    const parsed = Papa.parse<string[]>(text.trimEnd(), { skipEmptyLines: true });
    expect(parsed.data[0]).toEqual(["row_id", "twin_set", "varied_attribute", "years_experience", "test_score", "degree", "sex", "race_ethnicity"]);
    expect(populationHeader(SPEC)).toEqual(parsed.data[0]);
    expect(parsed.data).toHaveLength(1001);
    const generated = rows(SPEC);
    expect(parsed.data[5]).toEqual([String(generated[4].row_id), generated[4].twin_set, generated[4].varied_attribute, ...generated[4].features.map(String), ...generated[4].protected]);
  });

  it("quotes values with commas, quotes or edge spaces so they read back unchanged", () => {
    const spec: Population = { ...SPEC, size: 10, features: [{ name: "note, free", kind: "category", values: ['says "hi"', " padded", "a,b"] }] };
    const parsed = Papa.parse<string[]>([...populationCsvChunks(spec)].join("").trimEnd());
    expect(parsed.data[0][3]).toBe("note, free");
    expect(new Set(parsed.data.slice(1).map((r) => r[3])).size).toBeGreaterThan(0);
    for (const r of parsed.data.slice(1)) expect(['says "hi"', " padded", "a,b"]).toContain(r[3]);
  });

  it("comes in chunks, never as one 100,000-row string", () => {
    const chunks = [...populationCsvChunks({ ...SPEC, size: 100_000 })];
    expect(chunks.length).toBeGreaterThan(10);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(70 * 1024);
  });
});

describe("what the schema cannot check about a spec", () => {
  it("refuses a column name used twice, a taken leading column, repeated values and min above max", () => {
    const problems = populationProblems({
      ...SPEC,
      features: [
        { name: "twin_set", kind: "number", min: 5, max: 1 },
        { name: "sex", kind: "category", values: ["a", "a"] },
      ],
      protected: [{ attribute: "sex", values: [{ value: "f", share: 1 }, { value: "f", share: 1 }] }],
    });
    expect(problems).toEqual([
      { path: "population.features.0.name", message: "validation.nameTaken" },
      { path: "population.features.0.max", message: "testing.validation.range" },
      { path: "population.features.1.values.1", message: "validation.nameTaken" },
      { path: "population.protected.0.attribute", message: "validation.nameTaken" },
      { path: "population.protected.0.values.1.value", message: "validation.nameTaken" },
    ]);
    expect(populationProblems(SPEC)).toEqual([]);
  });
});
