import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import type { FairnessResults } from "../../../domain/entities/testing-task";
import { resultsCsv } from "./results-csv";
import { resultsTable } from "./results-table";
import { writeResultsXlsx } from "./results-xlsx";
import { decisionResults, group, subjectOf } from "./test-support";
import { reportTexts, type ReportLanguage } from "./texts";

const blocksOf = (results: FairnessResults, language: ReportLanguage = "en") => resultsTable(subjectOf(results), reportTexts(language));

/** The CSV parsed back, split into its blocks (parted by an empty line). */
function parseCsv(text: string): string[][][] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  const { data, errors } = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: false });
  expect(errors).toEqual([]);
  const blocks: string[][][] = [[]];
  for (const record of data) {
    if (record.length === 1 && record[0] === "") blocks.push([]);
    else blocks.at(-1)!.push(record);
  }
  return blocks.filter((b) => b.length > 0);
}

/** A block's rows as objects keyed by its header. */
const records = (block: string[][]) => block.slice(1).map((row) => Object.fromEntries(block[0].map((h, i) => [h, row[i]])));

function withCounterfactualAndLabel(): FairnessResults {
  const results = decisionResults();
  results.categories[0].groups = results.categories[0].groups.map((g, i) => ({ ...g, tpr: i === 0 ? 0.5 : 0.7, fpr: i === 2 ? null : 0.1 }));
  results.counterfactual = [
    { attribute: "sex", twin_sets: 200, flip_rate: 0.035, largest_gaps: [{ twin_set: "t-17", gap: 0.42, scores: { Female: 0.31, Male: 0.73 } }] },
  ];
  return results;
}

describe("results as CSV", () => {
  it("is UTF-8 with a byte-order mark and CRLF line ends, groups first with headers in the reader's language", () => {
    const csv = resultsCsv(blocksOf(decisionResults()));
    expect(csv.startsWith("\uFEFFCategory,Group,Count,Share of sample,Positives,Rate,")).toBe(true);
    expect(csv.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const es = parseCsv(resultsCsv(blocksOf(decisionResults(), "es")));
    expect(es[0][0].slice(0, 3)).toEqual(["Categoría", "Grupo", "Recuento"]);
    expect(es[0][0]).toContain("Ratio de impacto");
  });

  it("has one row per category × group with every figure at full precision, undefined ones empty", () => {
    const [groups] = parseCsv(resultsCsv(blocksOf(decisionResults())));
    const rows = records(groups);
    expect(rows).toHaveLength(11);
    expect(groups[0]).toEqual([
      "Category", "Group", "Count", "Share of sample", "Positives", "Rate", "Rate 95% CI low", "Rate 95% CI high",
      "Impact ratio", "Excluded (under 2%)", "Small (excluded or under 30)", "Adverse impact (ratio under 0.8)", "p-value (Fisher exact)",
    ]);
    expect(rows[0]).toMatchObject({
      Category: "sex", Group: "Female", Count: "480", "Share of sample": "0.48", Positives: "120", Rate: "0.25",
      "Impact ratio": "0.625", "Excluded (under 2%)": "false", "Adverse impact (ratio under 0.8)": "true", "p-value (Fisher exact)": "0.0000000000015",
    });
    expect(rows[1]).toMatchObject({ Group: "Male", "Impact ratio": "1", "p-value (Fisher exact)": "" });
    expect(rows[2]).toMatchObject({ Group: "Nonbinary", Count: "10", Rate: "0.3", "Impact ratio": "", "Excluded (under 2%)": "true", "Small (excluded or under 30)": "true" });
    const intersection = rows.find((r) => r.Group === "Female × White")!;
    expect(intersection).toMatchObject({ Category: "sex_race_ethnicity", "Impact ratio": "0.5576923076923077", "p-value (Fisher exact)": "0.0000004" });
    expect(rows.filter((r) => r.Category === "age_band").map((r) => r["Impact ratio"])).toEqual(["", ""]);
  });

  it("keeps text a spreadsheet would run as a formula as text, quoted where RFC 4180 needs it", () => {
    const csv = resultsCsv(blocksOf(decisionResults()));
    expect(csv).toContain(`race_ethnicity,"'=HYPERLINK(""http://evil.example"",""x"")",15,`);
    const groups = records(parseCsv(csv)[0]).map((r) => r.Group);
    expect(groups).toContain(`'=HYPERLINK("http://evil.example","x")`);
    expect(groups).toContain("'-40");
    expect(groups).toContain("'+65");
    expect(groups.filter((g) => /^[=+\-@]/.test(g))).toEqual([]);
  });

  it("follows with the metrics per category (unknowns, most selected group) and the provenance", () => {
    const [, metrics, provenance] = parseCsv(resultsCsv(blocksOf(decisionResults())));
    expect(records(metrics)).toHaveLength(4);
    expect(records(metrics)[0]).toMatchObject({
      Category: "sex", "Most selected group": "Male", "Unknown (empty value)": "10",
      "Demographic parity difference": "0.15", "Demographic parity ratio": "0.625", "Equal opportunity difference": "", "Equalized odds ratio": "",
    });
    expect(records(metrics)[3]).toMatchObject({ Category: "age_band", "Most selected group": "'+65", "Demographic parity ratio": "" });
    const facts = Object.fromEntries(provenance.slice(1));
    expect(facts).toMatchObject({
      "SHA-256 of the analysed file": decisionResults().provenance.input_sha256,
      "Rows read": "1004",
      "Rows without an outcome (left out)": "4",
      "Steward version": "0.1.0",
      "Finished at": "2026-03-14T16:20:00.000Z",
      Application: "CV screening assistant",
    });
    expect(JSON.parse(facts["Column mapping"])).toEqual(decisionResults().provenance.columns);
  });

  it("adds true/false positive rates and the counterfactual twins only when the results have them", () => {
    expect(parseCsv(resultsCsv(blocksOf(decisionResults())))).toHaveLength(3);
    const blocks = parseCsv(resultsCsv(blocksOf(withCounterfactualAndLabel())));
    expect(blocks).toHaveLength(5);
    expect(records(blocks[0])[0]).toMatchObject({ "True positive rate": "0.5", "False positive rate": "0.1" });
    expect(records(blocks[0])[2]).toMatchObject({ "False positive rate": "" });
    expect(records(blocks[0])[3]).toMatchObject({ "True positive rate": "", "False positive rate": "" });
    expect(records(blocks[2])).toEqual([{ Attribute: "sex", "Twin sets": "200", "Flip rate": "0.035" }]);
    expect(records(blocks[3])).toEqual([{ Attribute: "sex", "Twin set": "t-17", "Score gap": "0.42", Scores: "Female=0.31; Male=0.73" }]);
  });
});

async function xlsxOf(results: FairnessResults, language: ReportLanguage = "en"): Promise<ExcelJS.Workbook> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => stream.on("end", resolve));
  await writeResultsXlsx(blocksOf(results, language), stream, { creator: "Steward 0.1.0", created: new Date("2026-03-15T00:00:00Z") });
  await ended;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook;
}

const sheetRows = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

describe("results as .xlsx", () => {
  it("has a sheet for groups, one for metrics and one for provenance, named in the reader's language", async () => {
    expect((await xlsxOf(decisionResults())).worksheets.map((s) => s.name)).toEqual(["Groups", "Metrics", "Provenance"]);
    expect((await xlsxOf(decisionResults(), "es")).worksheets.map((s) => s.name)).toEqual(["Grupos", "Métricas", "Procedencia"]);
    expect((await xlsxOf(withCounterfactualAndLabel())).worksheets.map((s) => s.name)).toEqual(["Groups", "Metrics", "Counterfactual", "Largest twin gaps", "Provenance"]);
  });

  it("writes figures as numbers, flags as booleans, undefined figures as empty cells, and neutralises formulas", async () => {
    const workbook = await xlsxOf(decisionResults());
    const groups = workbook.getWorksheet("Groups")!;
    const rows = sheetRows(groups);
    expect(rows).toHaveLength(12);
    expect(rows[0][8]).toBe("Impact ratio");
    expect(rows[1].slice(0, 13)).toEqual(["sex", "Female", 480, 0.48, 120, 0.25, 0.1, 0.9, 0.625, false, false, true, 1.5e-12]);
    expect(groups.getRow(3).getCell(13).value).toBeNull();
    expect(groups.getRow(4).getCell(9).value).toBeNull();
    expect(groups.getRow(1).font?.bold).toBe(true);
    const names = rows.slice(1).map((r) => r[1]);
    expect(names).toContain(`'=HYPERLINK("http://evil.example","x")`);
    expect(names).toContain("'-40");
    groups.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it("keeps the metrics and the provenance an auditor needs to reproduce the run", async () => {
    const workbook = await xlsxOf(decisionResults(), "es");
    const metrics = sheetRows(workbook.getWorksheet("Métricas")!);
    expect(metrics[0].slice(0, 4)).toEqual(["Categoría", "Grupo más seleccionado", "Desconocido (valor vacío)", "Diferencia de paridad demográfica"]);
    expect(metrics[2].slice(0, 5)).toEqual(["race_ethnicity", "White", 60, 0.1, 0.75]);
    const provenance = Object.fromEntries(sheetRows(workbook.getWorksheet("Procedencia")!).slice(1) as [string, unknown][]);
    expect(provenance).toMatchObject({ "SHA-256 del archivo analizado": decisionResults().provenance.input_sha256, "Filas leídas": 1004, "Versión de Steward": "0.1.0" });
  });

  it("handles a category with no groups and a group of one row", async () => {
    const results = decisionResults();
    results.categories = [{ category: "sex", unknown: 3, most_selected: null, metrics: results.categories[0].metrics, groups: [] }];
    results.categories.push({ category: "race_ethnicity", unknown: 0, most_selected: "Solo", metrics: results.categories[0].metrics, groups: [group("Solo", 1, 1, 1, { small: true })] });
    const rows = sheetRows((await xlsxOf(results)).getWorksheet("Groups")!);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual([["race_ethnicity", "Solo", 1]]);
  });
});
