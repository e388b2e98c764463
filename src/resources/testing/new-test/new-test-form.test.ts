import { describe, expect, it } from "vitest";
import { fieldOfServerPath, newTestFormSchema, newTestValues, suggestedLlmMapping, type NewTestValues } from "./new-test-form";

const DOC = "00000000-0000-4000-8000-0000000000d1";

const ml = (change: (v: NewTestValues) => void = () => {}) => {
  const values = newTestValues(42, "offline");
  values.document_id = DOC;
  values.columns.outcome = "selected";
  values.columns.protected.sex = "gender";
  change(values);
  return values;
};
const synthetic = (change: (v: NewTestValues) => void = () => {}) => {
  const values = newTestValues(42, "endpoint");
  values.data_source = "fairness_ml_synthetic";
  values.population.features = [
    { name: "years_experience", kind: "number", min: "0", max: "40", integer: true, values: "" },
    { name: "degree", kind: "category", min: "", max: "", integer: false, values: "none, bachelor ,master,," },
  ];
  change(values);
  return values;
};
const issues = (values: NewTestValues) => {
  const result = newTestFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("the New test form as the request it sends", () => {
  it("maps the decisions file's columns, other attributes included, and leaves out what is blank", () => {
    const values = ml((v) => {
      v.name = "  Q3 screening ";
      v.columns.label = "hired";
      v.others = [{ key: "age_band", column: "age" }];
    });
    expect(newTestFormSchema.parse(values)).toEqual({
      data_source: "fairness_ml_user",
      name: "Q3 screening",
      document_id: DOC,
      columns: { outcome: "selected", outcome_type: "binary", positive_value: "1", label: "hired", protected: { sex: "gender", age_band: "age" } },
    });
  });

  it("sends no positive value for scores: above the median is selected", () => {
    const body = newTestFormSchema.parse(ml((v) => (v.columns.outcome_type = "score")));
    expect(body.columns).toEqual({ outcome: "selected", outcome_type: "score", protected: { sex: "gender" } });
  });

  it("asks for a file, an outcome and at least one protected attribute", () => {
    const values = newTestValues(1, "offline");
    expect(issues(values)).toEqual([
      "document_id: testing.validation.documentRequired",
      "columns.outcome: validation.required",
      "columns.protected: testing.validation.protectedRequired",
    ]);
  });

  it("refuses other attributes whose key is malformed, reserved or repeated", () => {
    const values = ml((v) => {
      v.others = [
        { key: "Age band", column: "age" },
        { key: "sex_race_ethnicity", column: "x" },
        { key: "region", column: "r1" },
        { key: "region", column: "r2" },
      ];
    });
    expect(issues(values)).toEqual([
      "others.0.key: testing.validation.attributeKey",
      "others.1.key: testing.validation.reservedKey",
      "others.3.key: testing.validation.duplicate",
    ]);
  });

  it("describes a synthetic population with typed numbers and split category values", () => {
    expect(newTestFormSchema.parse(synthetic())).toEqual({
      data_source: "fairness_ml_synthetic",
      population: {
        size: 10000,
        seed: 42,
        features: [
          { name: "years_experience", kind: "number", min: 0, max: 40, integer: true },
          { name: "degree", kind: "category", values: ["none", "bachelor", "master"] },
        ],
        protected: [{ attribute: "sex", values: [{ value: "female", share: 0.5 }, { value: "male", share: 0.5 }] }],
        scoring: "endpoint",
        outcome_type: "score",
      },
    });
  });

  it("refuses a population over 100,000 rows, a reversed range, a single value and a share out of (0, 1]", () => {
    const values = synthetic((v) => {
      v.population.size = "100001";
      v.population.features[0].min = "50";
      v.population.protected = [
        { attribute: "sex", values: [{ value: "female", share: "1" }] },
        { attribute: "race_ethnicity", values: [{ value: "a", share: "0" }, { value: "b", share: "1.5" }] },
      ];
    });
    expect(issues(values)).toEqual([
      "population.size: testing.validation.size",
      "population.features.0.max: testing.validation.range",
      "population.protected.0.values: testing.validation.twoValues",
      "population.protected.1.values.0.share: testing.validation.share",
      "population.protected.1.values.1.share: testing.validation.share",
    ]);
  });

  it("puts a server error on another attribute's column on that attribute's row", () => {
    const body = newTestFormSchema.parse(ml((v) => (v.others = [{ key: "region", column: "r" }, { key: "age_band", column: "age" }])));
    expect(fieldOfServerPath("columns.protected.age_band", body)).toBe("others.1.column");
    expect(fieldOfServerPath("columns.protected.sex", body)).toBe("columns.protected.sex");
    expect(fieldOfServerPath("columns.outcome", body)).toBe("columns.outcome");
  });

  it("puts a server error on an LLM file's column on its field, and on a protected attribute on its row", () => {
    const values = newTestValues(42, "offline");
    values.data_source = "fairness_llm_user";
    values.document_id = DOC;
    values.llm = { prompt_id: "pid", prompt: "q", response: "a", language: "" };
    values.others = [{ key: "gender", column: "g" }, { key: "age_band", column: "age" }];
    const body = newTestFormSchema.parse(values);
    expect(body.columns).toEqual({ prompt_id: "pid", prompt: "q", response: "a", protected: { gender: "g", age_band: "age" } });
    expect(fieldOfServerPath("columns.response", body)).toBe("llm.response");
    expect(fieldOfServerPath("columns.protected.age_band", body)).toBe("others.1.column");
    expect(fieldOfServerPath("columns.protected", body)).toBe("others");
  });

  it("refuses an LLM mapping without its columns or with a bad or repeated attribute key", () => {
    const values = newTestValues(42, "offline");
    values.data_source = "fairness_llm_user";
    values.document_id = DOC;
    values.llm = { prompt_id: "pid", prompt: "", response: "a", language: "" };
    values.others = [{ key: "Gender", column: "g" }, { key: "age", column: "a" }, { key: "age", column: "b" }];
    expect(issues(values)).toEqual(["llm.prompt: validation.required", "others.0.key: testing.validation.attributeKey", "others.2.key: testing.validation.duplicate"]);
  });

  it("suggests the mapping of a file made from a prompt set, and nothing for columns it lacks", () => {
    expect(suggestedLlmMapping(["prompt_id", "set", "language", "gender", "ethnicity", "age_band", "prompt", "response"])).toEqual({
      llm: { prompt_id: "prompt_id", prompt: "prompt", response: "response", language: "language" },
      others: [
        { key: "gender", column: "gender" },
        { key: "ethnicity", column: "ethnicity" },
        { key: "age_band", column: "age_band" },
      ],
    });
    expect(suggestedLlmMapping(["id", "answer"])).toEqual({ llm: { prompt_id: "", prompt: "", response: "", language: "" }, others: [] });
  });
});
