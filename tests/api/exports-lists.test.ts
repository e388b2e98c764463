import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EU_AI_ACT } from "../../domain/frameworks/eu-ai-act";
import { lowRiskDetails } from "../../domain/risk/test-support";
import { companies, processingItems, resourceGroups, testingTasks, users, vendors } from "../../server/db/schema";
import { decisionResults } from "../../server/testing/reports/test-support";
import { csvRows, xlsxRows } from "../support/files";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/** Every other list grid exports what it shows, the same way: vendors, incidents, users, groups, API clients, requirements, controls, tests. */
let t: TestApp;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
let demoId: string;
let otherId: string;
let customerAiGroup: string;
const apps = { inReach: "", outside: "" };

const get = (who: string | null, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: `/v2${url}`, headers: { ...(who ? { authorization: `Bearer ${token[who]}` } : {}), ...headers } });

/** A CSV export's rows, header first, after checking it is one. */
async function exported(who: string, url: string, headers: Record<string, string> = {}): Promise<string[][]> {
  const res = await get(who, url, headers);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
  return csvRows(res.body);
}

/** The list's items as its grid pages show them. */
async function listed<T>(who: string, url: string): Promise<T[]> {
  const res = await get(who, `${url}${url.includes("?") ? "&" : "?"}page_size=200`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as T[];
}

async function insertTask(applicationId: string, name: string): Promise<void> {
  const db = t.database.db;
  const [item] = await db.insert(processingItems).values({ companyId: demoId, kind: "test", status: "ready" }).returning();
  await db.insert(testingTasks).values({
    companyId: demoId,
    applicationId,
    processingItemId: item.id,
    dataSource: "fairness_ml_user",
    name,
    startedByName: "Dana Contributor",
    rowsRead: 1004,
    results: decisionResults(),
    summary: { flagged: true, adverse_impact_groups: 2, lowest_impact_ratio: { sex: 0.625, race_ethnicity: 0.9 } },
    finishedAt: new Date("2026-03-14T16:20:00Z"),
  });
}

beforeAll(async () => {
  t = await createTestApp({ demoApplications: true });
  const db = t.database.db;
  [{ id: demoId }] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  customerAiGroup = (await db.select().from(resourceGroups).where(eq(resourceGroups.companyId, demoId))).find((g) => g.name === "Customer AI")!.id;
  ({ companyId: otherId } = await createOtherCompany(db));
  await db.insert(vendors).values({ companyId: otherId, name: "Other Co Vendor", riskLevel: "low", details: {} as never });
  Object.assign(token, await signInCallers(t.app));
  // The approver reads Spanish: files come in their language unless the request says otherwise.
  await db.update(users).set({ language: "es" }).where(eq(users.email, "approver@steward.test"));
  const create = async (body: Record<string, unknown>) => {
    const res = await call("admin", "POST", "/applications", body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  apps.inReach = await create({ name: "Exported screening", resource_group_id: customerAiGroup, details: lowRiskDetails({ high_risk_areas: ["employment"], decisions_about_people: "supports_human_decision", personal_data: "personal" }) });
  apps.outside = await create({ name: "Exported forecaster", details: lowRiskDetails() });
  await insertTask(apps.inReach, "=cmd|' /C calc'!A0");
  await insertTask(apps.inReach, "Spring audit");
});
afterAll(async () => {
  await t?.close();
});

describe("vendors", () => {
  it("exports the company's vendors as the grid shows them, filtered, in the reader's language", async () => {
    const [header, ...rows] = await exported("reviewer", "/vendors/export?format=csv");
    expect(header).toEqual(["Name", "Risk", "Status", "Applications", "Last updated"]);
    expect(rows.map((r) => r[0])).toEqual((await listed<{ name: string }>("reviewer", "/vendors?sort=name")).map((v) => v.name));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.map((r) => r[0])).not.toContain("Other Co Vendor");
    const high = await exported("reviewer", "/vendors/export?format=csv&risk_level=high&columns=name,risk_level");
    expect(high.length).toBeGreaterThan(1);
    expect(high.slice(1).every((r) => r[1] === "High risk")).toBe(true);
    const [spanish] = await exported("approver", "/vendors/export?format=csv&columns=name,status");
    expect(spanish).toEqual(["Nombre", "Estado"]);
    expect((await exported("other", "/vendors/export?format=csv&columns=name")).slice(1)).toEqual([["Other Co Vendor"]]);
    expect((await get("noroles", "/vendors/export?format=csv")).statusCode).toBe(403);
  });
});

describe("incidents", () => {
  it("exports the incidents of the applications the caller reaches, with severity and status in words", async () => {
    const [header, ...rows] = await exported("admin", "/incidents/export?format=csv&sort=title");
    expect(header).toEqual(["Title", "Application", "Severity", "Status", "Detected at", "Serious incident", "Report due", "Owner"]);
    const items = await listed<{ title: string; severity: string; detected_at: string }>("admin", "/incidents?sort=title");
    expect(rows.map((r) => r[0])).toEqual(items.map((i) => i.title));
    expect(rows[0][4]).toBe(items[0].detected_at);
    expect(new Set(rows.map((r) => r[2]))).toEqual(new Set(items.map((i) => ({ critical: "Critical", high: "High", medium: "Medium", low: "Low" })[i.severity])));
    const contributor = await exported("contributor", "/incidents/export?format=csv&columns=title");
    expect(contributor.slice(1).map((r) => r[0])).toEqual((await listed<{ title: string }>("contributor", "/incidents")).map((i) => i.title));
    expect(contributor.length - 1).toBeLessThan(rows.length);
    expect(await exported("other", "/incidents/export?format=csv&columns=title")).toEqual([["Title"]]);
    const open = await exported("admin", "/incidents/export?format=csv&status=open&columns=status&lang=es");
    expect(open[0]).toEqual(["Estado"]);
    expect(open.slice(1).every((r) => r[0] === "Abierto")).toBe(true);
  });
});

describe("Administrators' lists", () => {
  it("exports users with their roles in words, groups, and API clients (never a secret), for Administrators only", async () => {
    const [header, ...rows] = await exported("admin", "/access/users/export?format=csv");
    expect(header).toEqual(["Name", "E-mail", "Roles", "Language", "Created"]);
    expect(rows.map((r) => r[1])).toEqual((await listed<{ email: string }>("admin", "/access/users?sort=name")).map((u) => u.email));
    expect(rows.find((r) => r[1] === "contributor@steward.test")?.[2]).toBe("Application Contributor · Customer AI");
    expect(rows.map((r) => r[1])).not.toContain("boss@other.test");
    const searched = await exported("admin", "/access/users/export?format=csv&q=review&columns=email");
    expect(searched.slice(1)).toEqual([["reviewer@steward.test"]]);

    const groups = await exported("admin", "/access/resource-groups/export?format=csv&lang=es");
    expect(groups[0]).toEqual(["Nombre", "Tipo de grupo", "Aplicaciones", "Creado"]);
    expect(groups.find((r) => r[0] === "Customer AI")?.[1]).toBe("Aplicaciones seleccionadas");

    const created = await call("admin", "POST", "/access/api-clients", { name: "Exported robot", role_id: await roleId("ApplicationReviewer"), resource_group_id: customerAiGroup });
    expect(created.statusCode, created.body).toBe(201);
    const clients = await get("admin", "/access/api-clients/export?format=csv");
    const [clientHeader, ...clientRows] = csvRows(clients.body);
    expect(clientHeader).toEqual(["Name", "Client ID", "Role", "Resource group", "Created", "Last used", "Status"]);
    expect(clientRows.find((r) => r[0] === "Exported robot")).toEqual(["Exported robot", created.json().client_id, "Application Reviewer", "Customer AI", expect.stringMatching(/Z$/), "", "Active"]);
    expect(clients.body).not.toContain(created.json().client_secret);

    for (const path of ["/access/users/export", "/access/resource-groups/export", "/access/api-clients/export"]) {
      for (const who of ["contributor", "reviewer", "noroles"]) expect((await get(who, `${path}?format=csv`)).statusCode, `${who} ${path}`).toBe(403);
      const theirs = await exported("other", `${path}?format=csv`);
      expect(theirs.flat().join(" ")).not.toMatch(/steward\.test|Customer AI|Exported robot/);
    }
  });
});

async function roleId(name: string): Promise<string> {
  const roles = (await get("admin", "/access/roles")).json() as { items: { id: string; name: string }[] };
  return roles.items.find((r) => r.name === name)!.id;
}

describe("a framework's requirements and an application's controls", () => {
  it("exports every requirement of a framework with its mapped controls, for those who read frameworks", async () => {
    const res = await get("admin", `/frameworks/${EU_AI_ACT.key}/requirements/export?format=xlsx`);
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = await xlsxRows(res.rawPayload);
    expect(rows[0]).toEqual(["Reference", "Part", "Requirement", "Summary", "Applies to tiers", "Applies from", "Mapped controls"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(EU_AI_ACT.requirements.map((r) => r.ref));
    expect(rows.slice(1).some((r) => String(r[6] ?? "").length > 0)).toBe(true);
    expect((await get("contributor", `/frameworks/${EU_AI_ACT.key}/requirements/export?format=csv`)).statusCode).toBe(403);
    expect((await get("admin", "/frameworks/no-such-framework/requirements/export?format=csv")).statusCode).toBe(404);
  });

  it("exports an application's controls with status and evidence counts; another company cannot reach them", async () => {
    const items = await listed<{ id: string; status: string }>("contributor", `/applications/${apps.inReach}/controls`);
    expect(items.length).toBeGreaterThan(0);
    const [header, ...rows] = await exported("contributor", `/applications/${apps.inReach}/controls/export?format=csv&columns=id,status,evidence_count`);
    expect(header).toEqual(["Control", "Status", "Evidence"]);
    expect(rows).toEqual(items.map((c) => [c.id, "Not started", "0"]));
    expect((await get("other", `/applications/${apps.inReach}/controls/export?format=csv`)).statusCode).toBe(404);
    expect((await get("contributor", `/applications/${apps.outside}/controls/export?format=csv`)).statusCode).toBe(404);
  });
});

describe("testing results", () => {
  it("exports an application's tests with their findings, names that look like formulas kept as text", async () => {
    const [header, ...rows] = await exported("contributor", `/applications/${apps.inReach}/testing/tasks/export?format=csv`);
    expect(header).toEqual(["Test", "Data", "Status", "Started by", "Started", "Findings"]);
    expect(rows.map((r) => r[0])).toEqual(["Spring audit", "'=cmd|' /C calc'!A0"]);
    expect(rows[0].slice(1, 4)).toEqual(["Decisions you supply", "Ready", "Dana Contributor"]);
    expect(rows[0][5]).toBe("Adverse impact in 2 groups · Lowest impact ratio 0.625");
    const spanish = await exported("approver", `/applications/${apps.inReach}/testing/tasks/export?format=csv&columns=summary`);
    expect(spanish.slice(1)[0]).toEqual(["Impacto adverso en 2 grupos · Razón de impacto mínima 0,625"]);
    expect((await get("other", `/applications/${apps.inReach}/testing/tasks/export?format=csv`)).statusCode).toBe(404);
  });
});
