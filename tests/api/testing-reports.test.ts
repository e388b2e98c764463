import ExcelJS from "exceljs";
import Papa from "papaparse";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestingStatus } from "../../domain/entities/testing-task";
import { companies, processingItems, resourceGroups, testingTasks, users } from "../../server/db/schema";
import { decisionResults } from "../../server/testing/reports/test-support";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/** The downloads of a finished test: results as CSV and .xlsx, the LL144 bias-audit summary as PDF, for whom and when. */
let t: TestApp;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
const apps = { inReach: "", outside: "" };
const tasks = { ready: "", readyUnnamed: "", analyzing: "", outside: "" };

const get = (who: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: `/v2${url}`, headers: { authorization: `Bearer ${token[who]}`, ...headers } });
const taskUrl = (app: string, task: string, file: string) => `/applications/${app}/testing/tasks/${task}/${file}`;

async function insertTask(applicationId: string, status: TestingStatus, name: string | null): Promise<string> {
  const db = t.database.db;
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  const [item] = await db.insert(processingItems).values({ companyId: company.id, kind: "test", status }).returning();
  const ready = status === "ready";
  const [task] = await db
    .insert(testingTasks)
    .values({
      companyId: company.id,
      applicationId,
      processingItemId: item.id,
      dataSource: "fairness_ml_user",
      name,
      startedByName: "Dana Contributor",
      rowsRead: ready ? 1004 : 200,
      results: ready ? decisionResults() : null,
      finishedAt: ready ? new Date("2026-03-14T16:20:00Z") : null,
    })
    .returning();
  return task.id;
}

async function pdfText(body: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(body) }).promise;
  const parts: string[] = [];
  for (let page = 1; page <= document.numPages; page++) {
    for (const item of (await (await document.getPage(page)).getTextContent()).items) if ("str" in item) parts.push(item.str);
  }
  await document.destroy();
  return parts.join(" ").replace(/[\s\u00a0\u202f]+/g, " ");
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  const customerAi = (await db.select().from(resourceGroups).where(eq(resourceGroups.companyId, company.id))).find((g) => g.name === "Customer AI")!.id;
  await createOtherCompany(db);
  Object.assign(token, await signInCallers(t.app));
  const [contributor] = await db.select().from(users).where(eq(users.email, "contributor@steward.test"));
  const create = async (body: Record<string, unknown>) => (await call("admin", "POST", "/applications", body)).json().id as string;
  apps.inReach = await create({ name: "Selección de CV", resource_group_id: customerAi, owner_id: contributor.id });
  apps.outside = await create({ name: "Internal forecaster" });
  tasks.ready = await insertTask(apps.inReach, "ready", "2026 hiring audit");
  tasks.readyUnnamed = await insertTask(apps.inReach, "ready", null);
  tasks.analyzing = await insertTask(apps.inReach, "analyzing", "Running");
  tasks.outside = await insertTask(apps.outside, "ready", "Forecast audit");
});
afterAll(async () => {
  await t?.close();
});

describe("results as CSV", () => {
  it("downloads as an attachment named after the application and the test, in the caller's language", async () => {
    const res = await get("contributor", taskUrl(apps.inReach, tasks.ready, "results.csv"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="Selecci_n-de-CV-2026-hiring-audit-results.csv"; filename*=UTF-8''Selecci%C3%B3n-de-CV-2026-hiring-audit-results.csv`,
    );
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.body.startsWith("\uFEFFCategory,Group,Count,")).toBe(true);
    const rows = Papa.parse<string[]>(res.body.slice(1)).data;
    expect(rows[1].slice(0, 9)).toEqual(["sex", "Female", "480", "0.48", "120", "0.25", "0.1", "0.9", "0.625"]);

    const es = await get("reviewer", taskUrl(apps.inReach, tasks.ready, "results.csv"), { "accept-language": "es-ES,es;q=0.9,en;q=0.5" });
    expect(es.statusCode, es.body).toBe(200);
    expect(es.headers["content-language"]).toBe("es");
    expect(es.body.startsWith("\uFEFFCategoría,Grupo,Recuento,")).toBe(true);
  });

  it("names an unnamed test by the day it finished", async () => {
    const res = await get("admin", taskUrl(apps.inReach, tasks.readyUnnamed, "results.csv"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toContain(`filename*=UTF-8''Selecci%C3%B3n-de-CV-2026-03-14-results.csv`);
  });
});

describe("results as .xlsx", () => {
  it("streams a workbook with its groups, metrics and provenance sheets", async () => {
    const res = await get("contributor", `${taskUrl(apps.inReach, tasks.ready, "results.xlsx")}?lang=es`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers["content-disposition"]).toContain("Selecci%C3%B3n-de-CV-2026-hiring-audit-results.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["Grupos", "Métricas", "Procedencia"]);
    const groups = workbook.getWorksheet("Grupos")!;
    expect(groups.getRow(2).getCell(2).value).toBe("Female");
    expect(groups.getRow(2).getCell(9).value).toBe(0.625);
    expect(groups.rowCount).toBe(12);
  });
});

describe("the bias-audit summary PDF", () => {
  it("is in the language asked for, else Accept-Language's, else English", async () => {
    const english = await get("contributor", taskUrl(apps.inReach, tasks.ready, "bias-audit.pdf"));
    expect(english.statusCode, english.body).toBe(200);
    expect(english.headers["content-type"]).toBe("application/pdf");
    expect(english.headers["content-disposition"]).toContain("Selecci%C3%B3n-de-CV-2026-hiring-audit-bias-audit.pdf");
    expect(english.headers["content-language"]).toBe("en");
    const text = await pdfText(english.rawPayload);
    expect(text).toContain("Bias audit summary");
    expect(text).toContain("Date of the bias audit March 14, 2026");
    expect(text).toContain("Employer or employment agency Demo Co");
    expect(text).toMatch(/Female 480 48\.0% 25\.0% 0\.625/);

    const spanish = await get("contributor", taskUrl(apps.inReach, tasks.ready, "bias-audit.pdf"), { "accept-language": "es-MX" });
    expect(spanish.headers["content-language"]).toBe("es");
    expect(await pdfText(spanish.rawPayload)).toContain("Fecha de la auditoría de sesgo 14 de marzo de 2026");

    const asked = await get("contributor", `${taskUrl(apps.inReach, tasks.ready, "bias-audit.pdf")}?lang=en`, { "accept-language": "es" });
    expect(asked.headers["content-language"]).toBe("en");
  });

  it("refuses a language it does not write, naming the parameter", async () => {
    const res = await get("contributor", `${taskUrl(apps.inReach, tasks.ready, "bias-audit.pdf")}?lang=fr`);
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(["query.lang"]);
  });
});

describe("who may download, and when", () => {
  it.each(["results.csv", "results.xlsx", "bias-audit.pdf"])("%s of a test that is not ready is a 409 problem", async (file) => {
    const res = await get("contributor", taskUrl(apps.inReach, tasks.analyzing, file));
    expect(res.statusCode).toBe(409);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(res.json().detail).toContain("not ready");
  });

  it.each(["results.csv", "results.xlsx", "bias-audit.pdf"])("%s is a 404 out of the caller's reach and in another company", async (file) => {
    expect((await get("contributor", taskUrl(apps.outside, tasks.outside, file))).statusCode).toBe(404);
    expect((await get("other", taskUrl(apps.inReach, tasks.ready, file))).statusCode).toBe(404);
    // A task of one application is not reachable through another the caller reads.
    expect((await get("admin", taskUrl(apps.outside, tasks.ready, file))).statusCode).toBe(404);
    expect((await get("admin", taskUrl(apps.inReach, "00000000-0000-4000-8000-000000000000", file))).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/v2${taskUrl(apps.inReach, tasks.ready, file)}` })).statusCode).toBe(401);
  });

  it("answers a 400 naming the field for an id that is no uuid", async () => {
    const res = await get("admin", taskUrl(apps.inReach, "not-a-task", "results.csv"));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(["params.taskId"]);
  });
});

describe("OpenAPI", () => {
  it("documents the three downloads with their language parameter", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/v2/openapi.json" })).json();
    for (const file of ["results.csv", "results.xlsx", "bias-audit.pdf"]) {
      const operation = doc.paths[`/v2/applications/{id}/testing/tasks/{taskId}/${file}`]?.get;
      expect(operation?.summary, file).toBeTruthy();
      expect(operation.parameters.map((p: { name: string; in: string }) => `${p.in}.${p.name}`).sort()).toEqual(["path.id", "path.taskId", "query.lang"]);
    }
  });
});
