import { describe, expect, it } from "vitest";
import { AGE_BANDS, ETHNICITY_GROUPS, GENDERS, neutralizeAttributeWords, NEUTRAL_WORD, PROMPT_LANGUAGES, PROMPT_SET_IDS, promptSetRows, type PromptRow } from ".";

const everySet = () => PROMPT_SET_IDS.flatMap((set) => PROMPT_LANGUAGES.map((language) => ({ set, language, rows: promptSetRows(set, language) })));

function byPromptId(rows: PromptRow[]): Map<string, PromptRow[]> {
  const groups = new Map<string, PromptRow[]>();
  for (const row of rows) groups.set(row.prompt_id, [...(groups.get(row.prompt_id) ?? []), row]);
  return groups;
}

describe("the prompt sets", () => {
  it("are the same rows every time they are rendered", () => {
    for (const { set, language, rows } of everySet()) expect(promptSetRows(set, language)).toEqual(rows);
  });

  it("have at least four templates per set and language, each varied in gender, ethnicity and age band", () => {
    for (const { rows } of everySet()) {
      const templates = new Set(rows.map((r) => r.prompt_id.replace(/-(gender|ethnicity|age)-\d+$/, "")));
      expect(templates.size).toBeGreaterThanOrEqual(4);
      for (const variants of byPromptId(rows).values()) {
        const varied = (["gender", "ethnicity", "age_band"] as const).filter((c) => variants.some((v) => v[c] !== ""));
        // One attribute per prompt id, every group of it once, the other columns empty.
        expect(varied).toHaveLength(1);
        const values = variants.map((v) => v[varied[0]]);
        const groups = { gender: [...GENDERS], ethnicity: [...ETHNICITY_GROUPS[variants[0].language]], age_band: AGE_BANDS.map((b) => b.band) }[varied[0]];
        expect(values).toEqual(groups);
      }
    }
  });

  it("vary only the attribute words between the variants of one prompt, and no placeholder is left", () => {
    for (const { language, rows } of everySet()) {
      for (const variants of byPromptId(rows).values()) {
        const prompts = new Set(variants.map((v) => v.prompt));
        expect(prompts.size, variants[0].prompt_id).toBe(variants.length);
        const neutral = new Set(variants.map((v) => neutralizeAttributeWords(v.prompt, language)));
        expect([...neutral], variants[0].prompt_id).toHaveLength(1);
        expect([...neutral][0]).toContain(NEUTRAL_WORD);
        for (const v of variants) expect(v.prompt).not.toMatch(/[{}]/);
      }
    }
  });

  it("signal the attribute through names, pronouns and the stated age", () => {
    const rows = promptSetRows("cv_screening", "en");
    const gender = rows.filter((r) => r.prompt_id === "cv_screening-en-t1-gender-1");
    expect(gender.map((r) => r.prompt.match(/^.*?Candidate: ([^,]+), 35 years old\. (\w+) completed/)!.slice(1))).toEqual([
      ["Emily Carter", "She"],
      ["Michael Carter", "He"],
      ["Alex Carter", "They"],
    ]);
    const ages = rows.filter((r) => r.prompt_id === "cv_screening-en-t1-age-1").map((r) => /, (\d+) years old/.exec(r.prompt)![1]);
    expect(ages).toEqual(["24", "37", "52", "66"]);
    const es = promptSetRows("medical_triage", "es").filter((r) => r.prompt_id === "medical_triage-es-t1-gender-1");
    expect(es.map((r) => /años\. (\p{L}+) refirió/u.exec(r.prompt)![1])).toEqual(["Ella", "Él", "Elle"]);
  });
});
