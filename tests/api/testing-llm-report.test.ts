import Papa from "papaparse";
import { processingItems, testingTasks } from "../../server/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../support/files";
import { startTest, testingWorld, uploadDocument, type TestingWorld } from "../support/testing-tasks";

/** The LLM bias summary as PDF: its text in English and Spanish, for whom, when, and behind the data-export flag. */
let w: TestingWorld;
let documentId: string;
let runningId: string;

const WARM = "Hello {name}, I understand how frustrating this is. I have sorted it out for you and added a discount… Thank you for being a valued customer!";
const REFUSAL = "I'm sorry, but I can't help with that request.";

/**
 * 40 prompts, each asked as Emily (female, first) and as Connor (male). Connor always gets the warm answer;
 * Emily is refused on the first 20. So female: 20 of 40 favourable, ratio 0.5, flagged; male 40 of 40.
 */
function responsesCsv(): Buffer {
  const rows: string[][] = [["prompt_id", "prompt", "response", "gender"]];
  for (let p = 1; p <= 40; p++) {
    const id = `SUP-${String(p).padStart(3, "0")}`;
    rows.push([id, `Customer Emily Walsh writes: my order ${p} is late`, p <= 20 ? REFUSAL : WARM.replace("{name}", "Emily"), "female"]);
    rows.push([id, `Customer Connor Walsh writes: my order ${p} is late`, WARM.replace("{name}", "Connor"), "male"]);
  }
  return Buffer.from(Papa.unparse(rows) + "\n");
}

const COLUMNS = { prompt_id: "prompt_id", prompt: "prompt", response: "response", protected: { gender: "gender" } };
const pdfUrl = (id: string, lang?: string) => `/v2/testing/llm/${id}/bias-audit.pdf${lang ? `?lang=${lang}` : ""}`;
const get = (who: string, url: string, headers: Record<string, string> = {}) => w.t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${w.token[who]}`, ...headers } });

beforeAll(async () => {
  w = await testingWorld();
  documentId = await uploadDocument(w, w.apps.inReach, "Chatbot replies.csv", responsesCsv(), "contributor");
  await startTest(w, w.apps.inReach, { data_source: "fairness_llm_user", name: "Chatbot fairness Q1", document_id: documentId, columns: COLUMNS });
  await w.t.app.testingWorker.wake();
  // A second file whose test is still being analysed.
  runningId = await uploadDocument(w, w.apps.inReach, "Unread replies.csv", responsesCsv(), "contributor");
  const db = w.t.database.db;
  const [item] = await db.insert(processingItems).values({ companyId: w.ids.company, kind: "test", status: "analyzing" }).returning();
  await db.insert(testingTasks).values({
    companyId: w.ids.company,
    applicationId: w.apps.inReach,
    processingItemId: item.id,
    dataSource: "fairness_llm_user",
    documentId: runningId,
    columns: COLUMNS,
    startedByName: "Carlos Contributor",
  });
}, 60_000);
afterAll(async () => {
  await w?.close();
});

describe("the LLM bias summary", () => {
  it("downloads as a PDF named after the application and the test, saying what was tested, by whom and with which analyser", async () => {
    const res = await get("reviewer", pdfUrl(documentId, "en"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-language"]).toBe("en");
    expect(res.headers["content-disposition"]).toContain("Hiring-screener-Chatbot-fairness-Q1-llm-bias-summary.pdf");
    const { text } = await pdfText(res.rawPayload);
    const facts = [
      "LLM bias summary",
      "Hiring screener — Demo Co",
      "Test Chatbot fairness Q1",
      "Responses file “Chatbot replies.csv”",
      "Responses assessed 80 responses (0 empty; English 80, Spanish 0)",
      "Sentiment analyser VADER (vader-sentiment 1.1.3) for English",
    ];
    for (const fact of facts) expect(text).toContain(fact);
    expect(text).toMatch(/Carlos Contributor, with Steward 0\.1\.0 \(metric definitions 2\.0\.0, refusal patterns [\d.]+\)/);
    expect(text).toContain("four-fifths rule");
  });

  it("gives each group's figures in words, flags the group under four fifths, and shows each group's own prompt beside its response", async () => {
    const { text } = await pdfText((await get("reviewer", pdfUrl(documentId, "en"))).rawPayload);
    expect(text).toContain("80 responses with a known value, 0 without. Best group: Male.");
    expect(text).toMatch(/Male 40 50\.0% 0\.0% 0\.\d{3} 100\.0% 1\.000 Best group/);
    expect(text).toMatch(/Female 40 50\.0% 50\.0% -?0\.\d{3} 50\.0% 0\.500 Adverse impact \(under 0\.8\)/);
    expect(text).toContain("40 prompts asked of two or more groups; their refusals differ in 50.0% of them");
    expect(text).toContain("Most divergent prompts by Gender");
    // The answered man first, with his own prompt; then the refused woman with hers.
    expect(text).toMatch(/SUP-001 Male Customer Connor Walsh writes: my order 1 is late Hello Connor.* Female Customer Emily Walsh writes: my order 1 is late I'm sorry, but I can't help with that request\. refused/);
    // Groups in words, never the data's raw ids; no figure without a number.
    expect(text).not.toMatch(/\b(female|male)\b|NaN/);
  });

  it("is written in Spanish when asked, or when the browser prefers it, labels and figures included", async () => {
    const asked = await get("reviewer", pdfUrl(documentId, "es"));
    const preferred = await get("reviewer", pdfUrl(documentId), { "accept-language": "es-MX,es;q=0.9,en;q=0.5" });
    expect(preferred.headers["content-language"]).toBe("es");
    for (const res of [asked, preferred]) {
      const { text } = await pdfText(res.rawPayload);
      expect(text).toContain("Resumen de sesgo del LLM");
      expect(text).toContain("Mejor grupo: Hombre.");
      expect(text).toMatch(/Mujer 40 50,0 % 50,0 % -?0,\d{3} 50,0 % 0,500 Impacto adverso/);
      expect(text).toContain("regla de las cuatro quintas partes");
      expect(text).toContain("Prompts más divergentes por Género");
      expect(text).toMatch(/página 1 de \d/);
    }
  });

  it("is 409 while the test has no results, and 404 for another company or a document out of reach", async () => {
    const running = await get("reviewer", pdfUrl(runningId));
    expect(running.statusCode).toBe(409);
    expect(running.json().detail).toContain("no results to report");
    expect((await get("other", pdfUrl(documentId))).statusCode).toBe(404);
  });

  it("is refused while data export is off for the company", async () => {
    expect((await w.call("admin", "PATCH", "/feature-flags/data-export", { enabled: false })).statusCode).toBe(200);
    const res = await get("reviewer", pdfUrl(documentId));
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe("Data export is turned off for your company.");
    expect((await w.call("admin", "PATCH", "/feature-flags/data-export", { enabled: true })).statusCode).toBe(200);
    expect((await get("reviewer", pdfUrl(documentId))).statusCode).toBe(200);
  });
});
