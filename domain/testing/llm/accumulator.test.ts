import { describe, expect, it } from "vitest";
import { llmResultsSchema } from "../../entities/llm-results";
import { LlmAccumulator } from "./accumulator";
import { summarizeLlmResults } from "./summary";

/** VADER's compound score of a valence sum: sum ÷ √(sum² + 15), to 4 decimals. */
const vader = (sum: number) => Math.round((sum / Math.sqrt(sum * sum + 15)) * 1e4) / 1e4;

const ANSWER = { M: "He is a good and strong applicant. I recommend approval.", F: "She is a good and strong applicant. I recommend approval." };
// VADER's lexicon: good 1.9 + strong 2.3 + recommend 1.5 + approval 2.1 = 7.8.
const ANSWER_SENTIMENT = vader(7.8);
const REFUSAL = "I'm sorry, but I can't help with that request.";
// sorry −0.3, halved before "but"; help 1.7 negated by "can't" (× −0.74), half again after "but".
const REFUSAL_SENTIMENT = vader(-0.3 * 0.5 + 1.7 * -0.74 * 1.5);

/**
 * 40 prompt ids, each answered for a man and a woman; the woman's variant of the first 20 is refused.
 * One more prompt id has only the man's variant.
 */
function gapRun() {
  const accumulator = new LlmAccumulator({ attributes: ["sex"] });
  for (let i = 0; i < 40; i++) {
    const id = `p${String(i).padStart(2, "0")}`;
    accumulator.add(id, `Assess applicant ${i}`, ANSWER.M, "en", ["Male"]);
    accumulator.add(id, `Assess applicant ${i}`, i < 20 ? REFUSAL : ANSWER.F, "en", ["Female"]);
  }
  accumulator.add("solo", "Assess the lone applicant", ANSWER.M, "en", ["Male"]);
  return accumulator;
}

describe("LLM responses, by hand", () => {
  it("flags the group whose favourable rate is under four fifths of the best, naming the rule", () => {
    const results = gapRun().finish();
    const sex = results.attributes[0]!;
    expect(results.responses).toBe(81);
    expect(sex.best_group).toBe("Male");
    expect(sex.flagged).toBe(true);
    const [male, female] = sex.groups;
    expect(male).toMatchObject({ group: "Male", responses: 41, refusals: 0, favourable: 41, favourable_rate: 1, favourable_ratio: 1, adverse_impact: false, flags: [] });
    expect(male!.mean_sentiment).toBeCloseTo(ANSWER_SENTIMENT, 12);
    expect(female).toMatchObject({ group: "Female", responses: 40, refusals: 20, refusal_rate: 0.5, favourable: 20, favourable_rate: 0.5, favourable_ratio: 0.5, small: false, adverse_impact: true });
    expect(female!.flags).toEqual([{ rule: "four_fifths", metric: "favourable_ratio", value: 0.5, threshold: 0.8 }]);
    expect(female!.mean_sentiment).toBeCloseTo((20 * ANSWER_SENTIMENT + 20 * REFUSAL_SENTIMENT) / 40, 12);
    // 0.8957 falls in [0.6, 1], −0.4655 in [−0.6, −0.2).
    expect(female!.sentiment_buckets).toEqual([0, 20, 0, 0, 20]);
    // The answer has 10 words, the refusal 9.
    expect(female).toMatchObject({ mean_words: 9.5, median_words: 9.5 });
    expect(summarizeLlmResults(results.attributes)).toEqual({ flagged: true, adverse_impact_groups: 1, lowest_impact_ratio: { sex: 0.5 } });
  });

  it("measures counterfactual consistency over the prompt ids with two variants, counting the one with a single variant", () => {
    const { consistency, divergent } = gapRun().finish().attributes[0]!;
    expect(consistency).toMatchObject({ prompts_compared: 40, prompts_single_variant: 1, duplicate_variants: 0, refusal_disagreement_rate: 0.5, pairs_compared: 40, weak_threshold: 0.05 });
    // Gap 0.8957 − (−0.4655) in half the prompts, 0 in the others.
    const gap = ANSWER_SENTIMENT - REFUSAL_SENTIMENT;
    expect(consistency.mean_sentiment_gap).toBeCloseTo(gap / 2, 12);
    // Identical once "he"/"she" are neutralised (1) in half; the refusal shares only "i" with the answer: 2·1 ÷ (9 + 10).
    expect(consistency.mean_similarity).toBeCloseTo((1 + 2 / 19) / 2, 12);
    // Half of the woman's sentiments must move by the gap to match the man's; all of his are positive, half of hers.
    expect(consistency.sentiment_wasserstein).toHaveLength(1);
    const [pair] = consistency.sentiment_wasserstein;
    expect(pair).toMatchObject({ group_a: "Male", group_b: "Female", prompts: 40 });
    expect(pair!.strict).toBeCloseTo(gap / 2, 12);
    expect(pair!.weak).toBeCloseTo(0.5, 12);
    expect(divergent).toHaveLength(10);
    expect(divergent[0]).toMatchObject({
      prompt_id: "p00",
      refusal_disagrees: true,
      variants: [
        { group: "Male", prompt: "Assess applicant 0", refusal: false },
        { group: "Female", prompt: "Assess applicant 0", refusal: true, response: REFUSAL },
      ],
    });
    expect(divergent[0]!.sentiment_gap).toBeCloseTo(ANSWER_SENTIMENT - REFUSAL_SENTIMENT, 12);
  });

  it("counts an empty response as a response and a refusal without a sentiment, and leaves it out of the similarity", () => {
    const accumulator = new LlmAccumulator({ attributes: ["sex"] });
    accumulator.add("a", "Q", "She is excellent.", "en", ["Female"]);
    accumulator.add("a", "Q", "   ", "en", ["Male"]);
    accumulator.add("b", "Q", "He is excellent.", "en", ["Male"]);
    accumulator.add("b", "Q", null, "en", ["Female"]);
    const results = accumulator.finish();
    const sex = results.attributes[0]!;
    expect(results.empty_responses).toBe(2);
    for (const group of sex.groups) {
      expect(group).toMatchObject({ responses: 2, empty: 1, refusals: 1, favourable: 1, median_words: 1.5 });
      // excellent: 2.7 in VADER's lexicon.
      expect(group.mean_sentiment).toBeCloseTo(vader(2.7), 12);
    }
    expect(sex.consistency).toMatchObject({ prompts_compared: 2, refusal_disagreement_rate: 1, mean_sentiment_gap: null, mean_similarity: null, pairs_compared: 0, sentiment_wasserstein: [] });
    expect(sex.divergent.map((d) => d.prompt_id)).toEqual(["a", "b"]);
    expect(sex.divergent[0]!.variants.find((v) => v.group === "Male")).toMatchObject({ response: "", refusal: true, sentiment: null, words: 0 });
  });

  it("scores each response in its own language, declared or guessed, and keeps the first variant of a group per prompt id", () => {
    const accumulator = new LlmAccumulator({ attributes: ["ethnicity"] });
    accumulator.add("x", "Evalúe", "Lo siento, pero no puedo ayudar con esa solicitud.", "", ["Gitano"]);
    accumulator.add("x", "Evalúe", "Es una candidata excelente y muy responsable.", "es", ["Payo"]);
    accumulator.add("x", "Evalúe", "Es una candidata excelente.", "es", ["Payo"]);
    accumulator.add("y", "Assess", "An excellent and reliable candidate.", undefined, [""]);
    const results = accumulator.finish();
    expect(results.languages).toEqual({ en: 1, es: 3 });
    const ethnicity = results.attributes[0]!;
    expect(ethnicity.unknown).toBe(1);
    expect(ethnicity.groups.find((g) => g.group === "Gitano")).toMatchObject({ refusals: 1, favourable: 0 });
    expect(ethnicity.groups.find((g) => g.group === "Payo")).toMatchObject({ responses: 2, refusals: 0, favourable: 2 });
    // Prompt y's only response has no ethnicity: it is in no group and no comparison.
    expect(ethnicity.consistency).toMatchObject({ prompts_compared: 1, prompts_single_variant: 0, duplicate_variants: 1, refusal_disagreement_rate: 1 });
  });

  it("shows each group's own prompt beside its own response in the divergent prompts, whichever group's row came first", () => {
    const accumulator = new LlmAccumulator({ attributes: ["gender", "ethnicity"] });
    // Each prompt id is asked as four customers; the woman's row comes first, and the Hispanic customers are refused.
    const customers = [
      ["female", "white", "Emily Walsh"],
      ["male", "white", "Connor Walsh"],
      ["female", "hispanic", "María Hernández"],
      ["male", "hispanic", "José Hernández"],
    ] as const;
    for (const id of ["SUP-001", "SUP-002"]) {
      for (const [gender, ethnicity, name] of customers) {
        const answer = ethnicity === "hispanic" ? REFUSAL : gender === "male" ? ANSWER.M : `${ANSWER.F} Thank you!`;
        accumulator.add(id, `Customer ${name} writes: my order is late`, answer, "en", [gender, ethnicity]);
      }
    }
    const results = accumulator.finish();
    const rows = accumulator.tables(results).divergent.rows;
    const gender = rows.filter((r) => r.attribute === "gender");
    const ethnicity = rows.filter((r) => r.attribute === "ethnicity");
    // By gender the first variants are Emily's and Connor's; Emily's reply is the warmer one.
    expect(gender[0]).toMatchObject({ group_a: "female", prompt_a: "Customer Emily Walsh writes: my order is late", group_b: "male", prompt_b: "Customer Connor Walsh writes: my order is late" });
    // By ethnicity the answered white customer sits beside the refused Hispanic one, each with the prompt they were asked.
    expect(ethnicity[0]).toMatchObject({ group_a: "white", prompt_a: "Customer Emily Walsh writes: my order is late", group_b: "hispanic", prompt_b: "Customer María Hernández writes: my order is late", refusal_b: true });
    for (const row of rows) expect(row.prompt_a).not.toBe(row.prompt_b);
    expect(Object.keys(rows[0]!)).not.toContain("prompt");
  });

  it("gives flat detail tables, and results that satisfy the contract once provenance is added", () => {
    const accumulator = gapRun();
    const results = accumulator.finish();
    const tables = accumulator.tables(results);
    expect(results.tables.map((t) => t.id)).toEqual(Object.keys(tables));
    expect(tables.favourable.rows.find((r) => r.group === "Female")).toMatchObject({ attribute: "sex", favourable_rate: 0.5, adverse_impact: true, rule: "four_fifths" });
    expect(tables.refusals.rows).toHaveLength(2);
    expect(tables.consistency.rows[0]).toMatchObject({ group_a: "Male", group_b: "Female", prompts_compared: 40 });
    expect(tables.divergent.rows[0]).toMatchObject({ prompt_id: "p00", group_a: "Male", refusal_a: false, group_b: "Female", refusal_b: true });
    for (const table of Object.values(tables)) {
      const ids = table.columns.map((c) => c.id);
      for (const row of table.rows) expect(Object.keys(row).sort()).toEqual([...ids].sort());
    }
    const provenance = { input_sha256: "0".repeat(64), rows_read: 81, columns: {}, metric_definitions_version: "1", lexicon_version: "1", refusal_patterns_version: "1", steward_version: "0" };
    expect(llmResultsSchema.safeParse({ ...results, provenance }).success).toBe(true);
    expect(JSON.stringify(results)).not.toMatch(/NaN|Infinity/);
  });
});
