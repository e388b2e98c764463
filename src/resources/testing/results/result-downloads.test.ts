import { describe, expect, it } from "vitest";
import { downloadName, downloadPath } from "./result-downloads";

const APP = "00000000-0000-4000-8000-0000000000f1";
const TASK = "00000000-0000-4000-8000-0000000000b1";

describe("the results' downloads", () => {
  it("asks for the bias-audit summary in the reader's language", () => {
    expect(downloadPath(APP, TASK, "pdf", "es")).toBe(`/applications/${APP}/testing/tasks/${TASK}/bias-audit.pdf?lang=es`);
    expect(downloadPath(APP, TASK, "xlsx", "es")).toBe(`/applications/${APP}/testing/tasks/${TASK}/results.xlsx`);
  });

  it("saves under the application's and the test's names, without characters a file system refuses", () => {
    expect(downloadName("Claims: triage", "Q1/Q2 audit", "csv", "en")).toBe("Claims- triage-Q1-Q2 audit-results.csv");
    expect(downloadName("CV screening", "Auditoría", "pdf", "es")).toBe("CV screening-Auditoría-bias-audit-es.pdf");
    expect(downloadName("", "", "xlsx", "en")).toBe("results.xlsx");
  });
});
