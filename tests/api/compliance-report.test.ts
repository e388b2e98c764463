import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ISO_42001 } from "../../domain/frameworks";
import { pdfText } from "../support/files";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers } from "../support/tenants";

/** A framework's compliance report: requirements, mapped controls, counts over the applications in scope, the gaps — as PDF and .xlsx. */
let t: TestApp;
const token: Record<string, string> = {};

const get = (who: string | null, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: `/v2${url}`, headers: { ...(who ? { authorization: `Bearer ${token[who]}` } : {}), ...headers } });

type Sheet = { name: string; rows: (string | number | null)[][] };
async function workbook(body: Buffer): Promise<Sheet[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book.worksheets.map((sheet) => {
    const rows: (string | number | null)[][] = [];
    sheet.eachRow((row) => rows.push(Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).value as string | number | null)));
    return { name: sheet.name, rows };
  });
}

interface Progress {
  id: string;
  name: string;
  implemented: number;
  not_applicable: number;
  in_progress: number;
  not_started: number;
}

beforeAll(async () => {
  t = await createTestApp({ demoApplications: true });
  await createOtherCompany(t.database.db);
  Object.assign(token, await signInCallers(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe("the compliance report as .xlsx", () => {
  it("counts, per requirement and control, the applications in scope that have it implemented, not applicable or missing, and lists every gap", async () => {
    const res = await get("admin", `/frameworks/${ISO_42001.key}/compliance-report?format=xlsx&lang=en`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers["content-disposition"]).toMatch(/filename="ISO-IEC-42001-compliance-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const [requirements, gaps, applications] = await workbook(res.rawPayload);
    expect([requirements.name, gaps.name, applications.name]).toEqual(["Requirements and controls", "Gaps", "Applications in scope"]);
    expect(requirements.rows[0]).toEqual(["Reference", "Requirement", "Control", "Implemented", "Not applicable", "Missing"]);
    expect(new Set(requirements.rows.slice(1).map((r) => r[0]))).toEqual(new Set(ISO_42001.requirements.map((r) => r.ref)));

    // Each application's counts are its progress on the framework's page.
    const listed = (await get("admin", `/frameworks/${ISO_42001.key}/applications?page_size=200`)).json() as { items: Progress[]; total: number };
    const detail = { applications: listed.items };
    expect(listed.total).toBe(listed.items.length);
    expect(applications.rows.slice(1).map((r) => r[0]).sort()).toEqual(detail.applications.map((a) => a.name).sort());
    for (const a of detail.applications) {
      const row = applications.rows.find((r) => r[0] === a.name)!;
      expect(row.slice(2), a.name).toEqual([a.implemented, a.not_applicable, a.in_progress + a.not_started]);
    }
    expect(detail.applications.some((a) => a.implemented > 0)).toBe(true);

    // A gap per requirement a missing control serves: as many as the requirements sheet counts missing.
    const missing = requirements.rows.slice(1).reduce((n, r) => n + Number(r[5] ?? 0), 0);
    expect(gaps.rows.length - 1).toBe(missing);
    expect(gaps.rows[0]).toEqual(["Reference", "Control", "Application", "Risk tier", "Status", "Owner", "Due date", "Overdue"]);
    const overdue = gaps.rows.find((r) => r[7] === "Yes")!;
    expect(overdue[4]).toBe("In progress");
    expect(overdue[2]).toMatch(/Support chatbot|Credit limit scorer/);
  });

  it("covers only what the reader sees: another company's report has none of ours; a contributor may not read frameworks", async () => {
    const theirs = await workbook((await get("other", `/frameworks/eu-ai-act/compliance-report?format=xlsx`)).rawPayload);
    expect(theirs[2].rows).toHaveLength(1);
    expect(JSON.stringify(theirs)).not.toMatch(/Support chatbot|CV screening ranker|Credit limit scorer/);
    expect((await get("contributor", `/frameworks/eu-ai-act/compliance-report?format=pdf`)).statusCode).toBe(403);
    expect((await get(null, `/frameworks/eu-ai-act/compliance-report?format=pdf`)).statusCode).toBe(401);
    expect((await get("admin", `/frameworks/no-such-framework/compliance-report?format=pdf`)).statusCode).toBe(404);
    expect((await get("admin", `/frameworks/eu-ai-act/compliance-report?format=docx`)).statusCode).toBe(400);
  });
});

describe("the compliance report as PDF", () => {
  it("has a cover with the overall counts, contents, the applications, each requirement with its controls, and the gaps", async () => {
    const res = await get("reviewer", `/frameworks/${ISO_42001.key}/compliance-report?format=pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const { text, pages } = await pdfText(res.rawPayload);
    const cover = text.split("\f")[0];
    expect(cover).toContain("Compliance report");
    expect(cover).toContain(ISO_42001.name);
    expect(cover).toMatch(/\d+ implemented · \d+ not applicable · \d+ missing/);
    for (const title of ["Applications in scope", "Requirements and controls", "Gaps"]) expect(text.split("\f")[1]).toContain(title);
    for (const requirement of ISO_42001.requirements.slice(0, 5)) expect(text).toContain(requirement.ref);
    expect(text).toContain("CV screening ranker");
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it("is written in Spanish when asked", async () => {
    const { text } = await pdfText((await get("admin", `/frameworks/eu-ai-act/compliance-report?format=pdf&lang=es`)).rawPayload);
    for (const words of ["Informe de cumplimiento", "Aplicaciones en el ámbito", "Requisitos y controles", "Carencias", "Implantado"]) expect(text).toContain(words);
  });
});
