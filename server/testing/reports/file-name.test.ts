import { describe, expect, it } from "vitest";
import { reportFileName } from "./file-name";
import { decisionResults, subjectOf } from "./test-support";

describe("reportFileName", () => {
  it("joins application, test and kind, spaces as dashes", () => {
    expect(reportFileName(subjectOf(decisionResults()), "results.csv")).toBe("CV-screening-assistant-2026-hiring-audit-results.csv");
  });

  it("names an unnamed test by the day it finished", () => {
    const subject = subjectOf(decisionResults());
    expect(reportFileName({ ...subject, task: { ...subject.task, name: null } }, "bias-audit.pdf")).toBe("CV-screening-assistant-2026-03-14-bias-audit.pdf");
  });

  it("drops path separators, quotes, wildcards and control characters, keeps letters of any script", () => {
    const subject = subjectOf(decisionResults(), { applicationName: '../../etc/"pass"\r\nwd' });
    const name = reportFileName({ ...subject, task: { ...subject.task, name: "Año: <2026>*|?" } }, "results.xlsx");
    expect(name).toBe("etc-pass-wd-Año-2026-results.xlsx");
    expect(name).not.toMatch(/[/\\"\r\n:<>*?|]/);
  });
});
