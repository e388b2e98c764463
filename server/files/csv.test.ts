import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { promptSetRows } from "../../domain/testing/prompt-sets";
import { promptsCsv } from "../testing/prompt-runs/prompts-csv";
import { resultsCsv } from "../testing/reports/results-csv";
import { populationRowLine } from "../testing/synthetic/population-csv";
import { csvField, csvRecord, unneutralised } from "./csv";

/** Cells a spreadsheet would run as a formula or a command when the file is opened. */
const HOSTILE = ['=HYPERLINK("http://evil.test","x")', "+1+1", "-2+3", "@SUM(A1)", "\tTabbed", "\rReturned", "=cmd|' /C calc'!A0"];

const parse = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ""), { skipEmptyLines: true }).data;

describe("the one CSV writer", () => {
  it("neutralises every formula start with an apostrophe, and reads back as the text it was given", () => {
    const [cells] = parse(csvRecord(HOSTILE));
    expect(cells).toEqual(HOSTILE.map((text) => `'${text}`));
    expect(cells.map(unneutralised)).toEqual(HOSTILE);
  });

  it("writes numbers as plain decimals (a negative number is a number, not a formula), null as empty, flags as words", () => {
    expect(csvRecord([-2.5, 1e-7, null, true, false])).toBe("-2.5,0.0000001,,true,false\r\n");
  });

  it("quotes quotes, commas, line breaks and edge spaces, and leaves other text alone", () => {
    expect(["a,b", 'say "hi"', "two\nlines", " padded ", "plain", "don't"].map(csvField)).toEqual(['"a,b"', '"say ""hi"""', '"two\nlines"', '" padded "', "plain", "don't"]);
  });

  it("is the writer of the prompt-set file: a model's hostile answers are neutralised", () => {
    const rows = promptSetRows("reference_letter", "en").slice(0, HOSTILE.length);
    const data = parse(promptsCsv(rows, HOSTILE));
    expect(data[0].at(-1)).toBe("response");
    expect(data.slice(1).map((r) => r.at(-1))).toEqual(HOSTILE.map((text) => `'${text}`));
  });

  it("is the writer of the results and the synthetic population files", () => {
    const results = parse(resultsCsv([{ title: "groups", header: ["group", "ratio"], rows: [[HOSTILE[0], -0.5]] }]));
    expect(results).toEqual([["group", "ratio"], [`'${HOSTILE[0]}`, "-0.5"]]);
    const line = populationRowLine({ row_id: 1, twin_set: "t1", varied_attribute: "gender", features: [-3, "@home"], protected: ["+group"] });
    expect(parse(line)).toEqual([["1", "t1", "gender", "-3", "'@home", "'+group"]]);
  });
});
