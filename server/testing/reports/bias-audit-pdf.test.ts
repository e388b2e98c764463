import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import type { FairnessResults } from "../../../domain/entities/testing-task";
import { biasAuditPdf } from "./bias-audit-pdf";
import type { ReportSubject } from "./report-subject";
import { decisionResults, subjectOf } from "./test-support";
import type { ReportLanguage } from "./texts";

/** The PDF's text as a reader's copy-paste would give it: items joined, every kind of space a plain one. */
async function pdfText(subject: ReportSubject, language: ReportLanguage): Promise<{ text: string; pages: number }> {
  const bytes = await biasAuditPdf(subject, language);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const parts: string[] = [];
  for (let page = 1; page <= document.numPages; page++) {
    const content = await (await document.getPage(page)).getTextContent();
    for (const item of content.items) if ("str" in item) parts.push(item.str);
  }
  const pages = document.numPages;
  await document.destroy();
  return { text: parts.join(" ").replace(/[\s\u00a0\u202f]+/g, " "), pages };
}

/** The text between one heading and the next, to check a figure sits in the right table. */
const section = (text: string, from: string, to: string) => {
  const start = text.indexOf(from);
  expect(start, `"${from}" in the PDF`).toBeGreaterThanOrEqual(0);
  const end = text.indexOf(to, start + from.length);
  return text.slice(start, end < 0 ? undefined : end);
};

function scoreResults(): FairnessResults {
  const results = decisionResults();
  return { ...results, outcome_type: "score", median_score: 0.6125 };
}

describe("the bias-audit summary PDF", () => {
  it("names the audit: law, employer, tool, date, data source, individuals assessed, who ran it and Steward's version", async () => {
    const { text } = await pdfText(subjectOf(decisionResults()), "en");
    expect(text).toContain("Bias audit summary");
    expect(text).toContain("Local Law 144 of 2021");
    expect(text).toContain("6 RCNY § 5-300");
    expect(text).toMatch(/Employer or employment agency Demo Co/);
    expect(text).toMatch(/Automated employment decision tool CV screening assistant/);
    expect(text).toContain("Date of the bias audit March 14, 2026");
    expect(text).toContain("Historical data");
    expect(text).toContain("“decisions-2025.csv”");
    expect(text).toContain("(4 rows)");
    expect(text).toContain("1,000 individuals with an outcome");
    expect(text).toContain("Dana Contributor, with Steward 0.1.0");
    expect(text).toContain(decisionResults().provenance.input_sha256);
    expect(text).not.toContain("Distribution date");
    expect(text).toContain("four-fifths rule");
    expect(text).toContain("independent auditor");
  });

  it("gives per category the individuals (unknown included), selection rates and impact ratios, the intersection too", async () => {
    const { text } = await pdfText(subjectOf(decisionResults()), "en");
    const sex = section(text, "Sex ", "Race/ethnicity ");
    expect(sex).toContain("990 individuals with a known value, 10 with an unknown value. Most selected group: Male.");
    expect(sex).toMatch(/Female 480 48\.0% 25\.0% 0\.625 Adverse impact \(under 0\.8\)/);
    expect(sex).toMatch(/Male 500 50\.0% 40\.0% 1\.000 Most selected/);
    expect(sex).toMatch(/Nonbinary 10 1\.0% 30\.0% undefined Excluded \(under 2%\)/);
    expect(sex).toMatch(/Unknown 10 1\.0% — — Not included in the rates/);
    const race = section(text, "Race/ethnicity ", "Intersectional");
    expect(race).toMatch(/Black or African American 300 30\.0% 30\.0% 0\.750 Adverse impact/);
    expect(race).toMatch(/Asian 25 2\.5% 20\.0% 0\.500 Small group \(under 30\)/);
    expect(race).not.toMatch(/Asian.*Adverse impact/);
    expect(race).toMatch(/Unknown 60 6\.0%/);
    const intersection = section(text, "Intersectional: sex × race/ethnicity", "Other attribute");
    expect(intersection).toMatch(/Female × White 290 29\.0% 30\.0% 0\.558 Adverse impact/);
    expect(intersection).toMatch(/Male × White 310 31\.0% 49\.35% 1\.000/);
  });

  it("writes an impact ratio that cannot be computed (nobody selected) as undefined", async () => {
    const { text } = await pdfText(subjectOf(decisionResults()), "en");
    const age = section(text, "Other attribute: age_band", "Categories excluded");
    expect(age).toMatch(/-40 500 50\.0% 0\.0% undefined/);
    expect(age).toMatch(/\+65 500 50\.0% 0\.0% undefined Most selected/);
    expect(age).not.toContain("NaN");
  });

  it("lists the groups excluded for being under 2% of the sample with their counts", async () => {
    const { text } = await pdfText(subjectOf(decisionResults()), "en");
    const excluded = section(text, "Categories excluded from the impact ratios", "Demo Co · CV screening");
    expect(excluded).toMatch(/Sex Nonbinary 10 1\.0% 30\.0%/);
    // A long group name wraps in its cell: compare without the spaces the wrapping adds.
    expect(excluded.replace(/ /g, "")).toContain('Race/ethnicity=HYPERLINK("http://evil.example","x")151.5%20.0%'.replace(/ /g, ""));
    const none = decisionResults();
    none.categories = none.categories.map((c) => ({ ...c, groups: c.groups.filter((g) => !g.excluded) }));
    expect((await pdfText(subjectOf(none), "en")).text).toContain("No group was under 2% of the sample.");
  });

  it("is written in Spanish when asked, figures included", async () => {
    const { text } = await pdfText(subjectOf(decisionResults(), { distributionDate: "2025-11-03" }), "es");
    expect(text).toContain("Resumen de la auditoría de sesgo");
    expect(text).toContain("Fecha de la auditoría de sesgo 14 de marzo de 2026");
    expect(text).toContain("Fecha de distribución de la herramienta 3 de noviembre de 2025");
    expect(text).toContain("Datos históricos");
    expect(text).toContain("regla de los cuatro quintos");
    expect(text).toMatch(/Female 480 48,0 % 25,0 % 0,625 Impacto adverso/);
    expect(text).toMatch(/-40 500 50,0 % 0,0 % indefinido/);
    expect(text).toContain("Desconocido 60 6,0 %");
    expect(text).not.toContain("undefined");
    expect(text).toMatch(/página 1 de \d/);
  });

  it("speaks of scoring rates and the median for scores", async () => {
    const { text } = await pdfText(subjectOf(scoreResults()), "en");
    expect(text).toContain("Scoring rate: the share of a group's individuals that scored above the median score of the whole sample (0.6125).");
    expect(text).toContain("Group Individuals Share of sample Scoring rate Impact ratio Note");
    expect(text).not.toContain("Selection rate");
  });

  it("says a synthetic test used test data and why, with its counterfactual flip rates", async () => {
    const results = decisionResults();
    results.provenance.population = {
      size: 2000, seed: 42, scoring: "endpoint", outcome_type: "binary",
      features: [{ name: "years_experience", kind: "number", min: 0, max: 30 }],
      protected: [{ attribute: "sex", values: [{ value: "Female", share: 0.5 }, { value: "Male", share: 0.5 }] }],
    };
    results.counterfactual = [{ attribute: "sex", twin_sets: 1000, flip_rate: 0.0425, largest_gaps: [] }];
    const subject = subjectOf(results);
    const { text } = await pdfText({ ...subject, task: { ...subject.task, dataSource: "fairness_ml_synthetic", documentName: null } }, "en");
    expect(text).toContain("Test data: a synthetic population generated by Steward");
    expect(text).toContain("2,000 synthetic profiles (seed 42)");
    expect(text).toContain("through its model endpoint");
    expect(text).toContain("historical data of the tool's use is insufficient");
    expect(text).toMatch(/Counterfactual twins .* Sex 1,000 4\.25%/);
  });

  it("keeps a long list of groups readable over several pages, numbered", async () => {
    const results = decisionResults();
    const many = Array.from({ length: 120 }, (_, i) => ({ ...results.categories[1].groups[0], group: `Group ${i + 1}`, count: 8, share: 0.008 }));
    results.categories[1] = { ...results.categories[1], groups: many };
    const { text, pages } = await pdfText(subjectOf(results), "en");
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain("Group 120 8 0.8%");
    expect(text).toContain(`page ${pages} of ${pages}`);
  });
});
