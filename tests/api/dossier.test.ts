import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, companies, companyLogos, processingItems, testingTasks } from "../../server/db/schema";
import { decisionResults } from "../../server/testing/reports/test-support";
import { STEWARD_VERSION } from "../../server/testing/version";
import { takeApprovalSnapshot } from "../../server/approvals/store";
import { pdfText } from "../support/files";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/** The application dossier: one PDF with everything Steward holds on an application, in the reader's language, for whoever reads the application. */
let t: TestApp;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);
let chatbot: string;
let forecaster: string;

const get = (who: string | null, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: `/v2${url}`, headers: { ...(who ? { authorization: `Bearer ${token[who]}` } : {}), ...headers } });

/** A 1×1 PNG, the company's logo. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

beforeAll(async () => {
  t = await createTestApp({ demoApplications: true });
  const db = t.database.db;
  const [demo] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  await createOtherCompany(db);
  Object.assign(token, await signInCallers(t.app));
  [{ id: chatbot }] = await db.select().from(applications).where(and(eq(applications.companyId, demo.id), eq(applications.name, "Support chatbot")));
  [{ id: forecaster }] = await db.select().from(applications).where(and(eq(applications.companyId, demo.id), eq(applications.name, "Credit limit scorer")));
  await db.insert(companyLogos).values({ companyId: demo.id, contentType: "image/png", bytes: PNG, size: PNG.length, sha256: "a".repeat(64) });
  // A history of moves, a finished test that found adverse impact.
  expect((await call("contributor", "PUT", `/applications/${chatbot}`, { development_status: "in_development" })).statusCode).toBe(200);
  const [item] = await db.insert(processingItems).values({ companyId: demo.id, kind: "test", status: "ready" }).returning();
  await db.insert(testingTasks).values({
    companyId: demo.id,
    applicationId: chatbot,
    processingItemId: item.id,
    dataSource: "fairness_ml_user",
    name: "Hand-over fairness audit",
    startedByName: "Carlos Contributor",
    rowsRead: 1004,
    results: decisionResults(),
    summary: { flagged: true, adverse_impact_groups: 1, lowest_impact_ratio: { sex: 0.625 } },
    finishedAt: new Date("2026-03-14T16:20:00Z"),
  });
});
afterAll(async () => {
  await t?.close();
});

describe("the dossier", () => {
  it("is a PDF named after the application, with a cover, contents, numbered pages and every section", async () => {
    const res = await get("contributor", `/applications/${chatbot}/dossier?lang=en`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="Support-chatbot-dossier-\d{4}-\d{2}-\d{2}\.pdf"/);
    expect(res.headers["content-language"]).toBe("en");
    const { text, pages } = await pdfText(res.rawPayload);
    expect(pages).toBeGreaterThan(4);
    const cover = text.split("\f")[0];
    expect(cover).toContain("Demo Co");
    expect(cover).toContain("AI application dossier");
    expect(cover).toContain("Support chatbot");
    expect(cover).toContain(`Steward ${STEWARD_VERSION}`);
    expect(cover).toMatch(/Generated \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    const contents = text.split("\f")[1];
    const sections = ["Identity and purpose", "Risk tier", "Flagged risk descriptors", "Questionnaire answers", "Assessment history", "Approval and development history", "Latest approval snapshot", "Frameworks, controls and evidence", "Testing results", "Open incidents", "Activity log"];
    expect(contents).toContain("Contents");
    for (const title of sections) expect(contents, title).toContain(title);
    expect(text).toContain(`Page 2 of ${pages}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it("holds the record: owner, vendors and purpose, the tier with its rules, descriptors, answers, controls with evidence, tests, incidents, activity", async () => {
    const { text, links } = await pdfText((await get("admin", `/applications/${chatbot}/dossier?lang=en`)).rawPayload);
    const application = (await get("admin", `/applications/${chatbot}`)).json();
    const details = (await get("admin", `/applications/${chatbot}/details`)).json();
    expect(text).toContain(application.owner.name);
    expect(text).toContain("Answers customer questions on the public website.");
    expect(text).toContain("Customers, The public");
    // The tier and every rule that fired, with its reason.
    expect(details.rules_fired.length).toBeGreaterThan(0);
    for (const rule of details.rules_fired) expect(text).toContain(rule);
    // Evidence by title and link, a lapsed one said to be expired.
    const controls = (await get("admin", `/applications/${chatbot}/controls`)).json().items as { id: string; evidence_count: number; expired_evidence_count: number }[];
    const evidenced = controls.find((c) => c.expired_evidence_count > 0)!;
    const evidence = (await get("admin", `/applications/${chatbot}/controls/${evidenced.id}`)).json().evidence as { name: string; url: string }[];
    expect(text).toContain(evidence[0].name);
    // A link is a link in the PDF (its text may wrap across lines of its cell).
    expect(links).toContain(evidence[0].url);
    expect(text).toMatch(/expired \d{4}-\d{2}-\d{2}/);
    expect(text).toContain("Hand-over fairness audit");
    expect(text).toContain("Adverse impact in 1 group");
    expect(text).toContain("Chatbot advised a customer to double a medication dose");
    expect(text).toContain("Development status changed");
    // The font has no arrow: a » stands for it.
    expect(text).toContain("Testing » In development");
  });

  it("prints the latest approval snapshot: what was decided on, with its fingerprint", async () => {
    const db = t.database.db;
    const [row] = await db.select().from(applications).where(eq(applications.id, forecaster));
    const { sha256 } = await takeApprovalSnapshot(db, t.app.storage, row, { decision: "approved", from: "in_review", at: new Date("2026-05-04T09:30:00Z"), by: { id: null, name: "Ada Approver" } });
    const { text } = await pdfText((await get("reviewer", `/applications/${forecaster}/dossier?lang=en`)).rawPayload);
    expect(text).toContain("Latest approval snapshot");
    expect(text).toContain("Ada Approver");
    expect(text.replace(/\s+/g, "")).toContain(sha256);
    const none = await pdfText((await get("reviewer", `/applications/${chatbot}/dossier?lang=en`)).rawPayload);
    expect(none.text).toContain("No approval or rejection has frozen a snapshot of this application yet.");
  });

  it("is written in Spanish when asked, or when the reader's Accept-Language says so", async () => {
    const { text } = await pdfText((await get("reviewer", `/applications/${chatbot}/dossier`, { "accept-language": "es-ES,es;q=0.9" })).rawPayload);
    for (const words of ["Expediente de la aplicación de IA", "Índice", "Identidad y finalidad", "Respuestas del cuestionario", "Registro de actividad", "Página 2 de"]) expect(text).toContain(words);
    expect(text).not.toContain("Questionnaire answers");
    const english = await pdfText((await get("reviewer", `/applications/${forecaster}/dossier?lang=en`)).rawPayload);
    expect(english.text).toContain("Credit limit scorer");
  });

  it("leaves out a logo the PDF cannot embed (a damaged PNG) rather than failing", async () => {
    const db = t.database.db;
    const damaged = Buffer.concat([PNG.subarray(0, 16), Buffer.alloc(64, 7)]);
    await db.update(companyLogos).set({ bytes: damaged, size: damaged.length });
    try {
      const res = await get("admin", `/applications/${chatbot}/dossier?lang=en`);
      expect(res.statusCode, res.body).toBe(200);
      expect((await pdfText(res.rawPayload)).text).toContain("AI application dossier");
    } finally {
      await db.update(companyLogos).set({ bytes: PNG, size: PNG.length });
    }
  });

  it("is for those who read the application: 404 to another company or a contributor out of reach, 401 without a token", async () => {
    expect((await get("other", `/applications/${chatbot}/dossier`)).statusCode).toBe(404);
    expect((await get("contributor", `/applications/${forecaster}/dossier`)).statusCode).toBe(404);
    expect((await get("noroles", `/applications/${chatbot}/dossier`)).statusCode).toBe(404);
    expect((await get(null, `/applications/${chatbot}/dossier`)).statusCode).toBe(401);
    expect((await get("admin", `/applications/${chatbot}/dossier?lang=fr`)).statusCode).toBe(400);
  });
});
