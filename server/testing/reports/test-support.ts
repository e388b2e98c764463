import type { FairnessGroup, FairnessResults } from "../../../domain/entities/testing-task";
import type { ReportSubject } from "./report-subject";

/** A group row of made-up results; the flags and figures given override plain defaults. */
export function group(name: string, count: number, positives: number, sample: number, fields: Partial<FairnessGroup> = {}): FairnessGroup {
  return {
    group: name,
    count,
    share: count / sample,
    positives,
    rate: count ? positives / count : 0,
    ci_low: 0.1,
    ci_high: 0.9,
    impact_ratio: 1,
    excluded: false,
    small: false,
    adverse_impact: false,
    p_value: null,
    ...fields,
  };
}

const METRICS_WITHOUT_LABEL = {
  demographic_parity_difference: 0.15,
  demographic_parity_ratio: 0.625,
  equal_opportunity_difference: null,
  equal_opportunity_ratio: null,
  equalized_odds_difference: null,
  equalized_odds_ratio: null,
};

/**
 * Decisions over 1,000 people: women selected at 0.625 of men's rate (adverse impact, p = 1.5e-12), a 1%
 * non-binary group excluded, race groups one of them small and one named like a formula, the intersection,
 * and an age band where nobody was selected (impact ratios undefined).
 */
export function decisionResults(): FairnessResults {
  const n = 1000;
  return {
    sample_size: n,
    outcome_type: "binary",
    categories: [
      {
        category: "sex",
        unknown: 10,
        most_selected: "Male",
        metrics: METRICS_WITHOUT_LABEL,
        groups: [
          group("Female", 480, 120, n, { impact_ratio: 0.625, adverse_impact: true, p_value: 1.5e-12 }),
          group("Male", 500, 200, n),
          group("Nonbinary", 10, 3, n, { impact_ratio: null, excluded: true, small: true }),
        ],
      },
      {
        category: "race_ethnicity",
        unknown: 60,
        most_selected: "White",
        metrics: { ...METRICS_WITHOUT_LABEL, demographic_parity_difference: 0.1, demographic_parity_ratio: 0.75 },
        groups: [
          group("White", 600, 240, n),
          group("Black or African American", 300, 90, n, { impact_ratio: 0.75, adverse_impact: true, p_value: 0.0021 }),
          group("Asian", 25, 5, n, { impact_ratio: 0.5, small: true, p_value: 0.08 }),
          group('=HYPERLINK("http://evil.example","x")', 15, 3, n, { impact_ratio: null, excluded: true, small: true }),
        ],
      },
      {
        category: "sex_race_ethnicity",
        unknown: 70,
        most_selected: "Male × White",
        metrics: METRICS_WITHOUT_LABEL,
        groups: [
          group("Female × White", 290, 87, n, { impact_ratio: 0.5576923076923077, adverse_impact: true, p_value: 0.0000004 }),
          group("Male × White", 310, 153, n),
        ],
      },
      {
        category: "age_band",
        unknown: 0,
        most_selected: "+65",
        metrics: { ...METRICS_WITHOUT_LABEL, demographic_parity_difference: 0, demographic_parity_ratio: null },
        groups: [group("-40", 500, 0, n, { impact_ratio: null }), group("+65", 500, 0, n, { impact_ratio: null })],
      },
    ],
    provenance: {
      input_sha256: "9f2c8a1e5b7d4c3f6a0e1d2b3c4a5f6e7d8c9b0a1f2e3d4c5b6a7f8e9d0c1b2a",
      rows_read: 1004,
      rows_without_outcome: 4,
      columns: { outcome: "selected", outcome_type: "binary", protected: { sex: "sex", race_ethnicity: "race", age_band: "age" } },
      metric_definitions_version: "1",
      steward_version: "0.1.0",
    },
  };
}

export function subjectOf(results: FairnessResults, fields: Partial<ReportSubject> = {}): ReportSubject {
  return {
    results,
    task: {
      id: "6f1c9f3e-2d4b-4c8a-9e7f-0a1b2c3d4e5f",
      name: "2026 hiring audit",
      dataSource: "fairness_ml_user",
      documentName: "decisions-2025.csv",
      startedBy: "Dana Contributor",
      finishedAt: new Date("2026-03-14T16:20:00Z"),
    },
    applicationName: "CV screening assistant",
    companyName: "Demo Co",
    ...fields,
  };
}
