import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LlmResults } from "../../domain/entities/llm-results";
import type { TestingTask } from "../../domain/entities/testing-task";
import { lowRiskDetails } from "../../domain/risk/test-support";
import { processingItems, testingTasks } from "../../server/db/schema";
import { csvOf, startTest, testingWorld, uploadDocument, type TestingWorld } from "../support/testing-tasks";

/** LLM fairness tests through the API: the input refused, a hand-made file analysed by the worker, the routes keyed by document. */
let w: TestingWorld;
let responses: Buffer;
let responsesId: string;

const COLUMNS = { prompt_id: "pid", prompt: "prompt", response: "answer", language: "lang", protected: { gender: "gender" } };
const HAPPY_EN = "Thank you, we are happy to help you with a great solution.";
const REFUSE_EN = "I'm sorry, but I can't help with that.";
const HAPPY_ES = "Gracias, con mucho gusto le ayudamos con una excelente solución.";
const REFUSE_ES = "Lo siento, pero no puedo ayudar con eso.";

/**
 * A hand-counted file: 40 prompts (20 in English, 20 in Spanish), each asked for a woman and for a man. The man is
 * always helped; the woman is refused on the first 10 prompts of each language. Plus a prompt asked for a man only,
 * and an empty answer to a prompt asked for a woman only (both left out of the consistency, counted).
 * So F: 41 responses, 21 refusals (one empty), 20 favourable; M: 41 responses, 0 refusals, 41 favourable.
 */
function responsesCsv(): Buffer {
  const rows: string[][] = [["pid", "prompt", "answer", "lang", "gender"]];
  for (let p = 0; p < 40; p++) {
    const es = p >= 20;
    const prompt = es ? `Pregunta ${p}: ¿me ayudan con mi cuenta?` : `Question ${p}: can you help with my account?`;
    const refused = p % 20 < 10;
    rows.push([`p${p}`, prompt, es ? (refused ? REFUSE_ES : HAPPY_ES) : refused ? REFUSE_EN : HAPPY_EN, es ? "es" : "en", "F"]);
    rows.push([`p${p}`, prompt, es ? HAPPY_ES : HAPPY_EN, es ? "es" : "en", "M"]);
  }
  rows.push(["solo", "Question solo", HAPPY_EN, "en", "M"], ["empty", "Pregunta vacía", "", "es", "F"]);
  return Buffer.from(Papa.unparse(rows) + "\n");
}

const tasksPath = (app: string) => `/applications/${app}/testing/tasks`;
const paths = (res: { json(): { errors?: { path: string; message: string }[] } }) => res.json().errors ?? [];
const run = async (who: string, documentId: string) => w.call(who, "GET", `/testing/llm/${documentId}`);

let taskId: string;

beforeAll(async () => {
  // A high-tier application, so that its controls include bias testing and generated-output safeguards.
  w = await testingWorld({ details: lowRiskDetails({ decisions_about_people: "supports_human_decision", business_criticality: "high" }) });
  responses = responsesCsv();
  responsesId = await uploadDocument(w, w.apps.inReach, "Chatbot responses.csv", responses, "contributor");
}, 60_000);
afterAll(async () => {
  await w?.close();
});

describe("starting an LLM test", () => {
  it("refuses a mapping that is malformed or names columns the file lacks, naming each field", async () => {
    const start = (body: Record<string, unknown>) => w.call("contributor", "POST", tasksPath(w.apps.inReach), { data_source: "fairness_llm_user", ...body });
    const nothing = await start({});
    expect(nothing.statusCode).toBe(400);
    expect(paths(nothing).map((e) => e.path)).toEqual(["document_id", "columns"]);
    const malformed = await start({ document_id: responsesId, columns: { prompt_id: "", prompt: "prompt", protected: {} } });
    expect(paths(malformed).map((e) => e.path).sort()).toEqual(["columns.prompt_id", "columns.protected", "columns.response"]);
    const missing = await start({ document_id: responsesId, columns: { ...COLUMNS, response: "reply", protected: { gender: "gender", ethnicity: "race" } } });
    expect(missing.statusCode).toBe(400);
    expect(paths(missing)).toEqual([
      { path: "columns.response", message: "testing.errors.columnMissing" },
      { path: "columns.protected.ethnicity", message: "testing.errors.columnMissing" },
    ]);
    const reviewer = await w.call("reviewer", "POST", tasksPath(w.apps.inReach), { data_source: "fairness_llm_user", document_id: responsesId, columns: COLUMNS });
    expect(reviewer.statusCode).toBe(403);
  });
});

describe("an LLM test from start to results", () => {
  it("is analysed by the worker with the hand-counted figures, and served by its document", async () => {
    const created = await startTest(w, w.apps.inReach, { data_source: "fairness_llm_user", name: "Chatbot Q1", document_id: responsesId, columns: COLUMNS });
    taskId = created.id;
    expect(created.status).toBe("waiting");
    await w.t.app.testingWorker.wake();
    const res = await run("reviewer", responsesId);
    expect(res.statusCode, res.body).toBe(200);
    const { task, results } = res.json() as { task: TestingTask; results: LlmResults };
    expect(res.json().application).toEqual({ id: w.apps.inReach, name: "Hiring screener" });
    expect(task).toMatchObject({ id: taskId, status: "ready", rows_read: 82, document: { id: responsesId, name: "Chatbot responses.csv" } });
    expect(task.summary).toEqual({ flagged: true, adverse_impact_groups: 1, lowest_impact_ratio: { gender: 20 / 41 } });

    expect(results).toMatchObject({ responses: 82, empty_responses: 1, languages: { en: 41, es: 41 } });
    expect(results.tables.map((t) => t.id)).toEqual(["refusals", "sentiment", "length", "favourable", "consistency", "divergent"]);
    expect("tables_data" in results).toBe(false);
    expect(results.provenance).toMatchObject({
      input_sha256: createHash("sha256").update(responses).digest("hex"),
      rows_read: 82,
      columns: COLUMNS,
      metric_definitions_version: expect.any(String),
      lexicon_version: expect.any(String),
      refusal_patterns_version: expect.any(String),
      steward_version: "0.1.0",
    });
    const [gender] = results.attributes;
    expect(gender.attribute).toBe("gender");
    const f = gender.groups.find((g) => g.group === "F")!;
    const m = gender.groups.find((g) => g.group === "M")!;
    expect(f).toMatchObject({ responses: 41, empty: 1, refusals: 21, favourable: 20, small: false, adverse_impact: true });
    expect(f.refusal_rate).toBeCloseTo(21 / 41, 12);
    expect(f.favourable_ratio).toBeCloseTo(20 / 41, 12);
    expect(f.flags.map((flag) => flag.rule)).toEqual(["four_fifths"]);
    expect(m).toMatchObject({ responses: 41, refusals: 0, favourable: 41, favourable_rate: 1, favourable_ratio: 1, adverse_impact: false });
    expect(m.mean_sentiment!).toBeGreaterThan(f.mean_sentiment!);
    // The prompt asked for one group only and the empty one are counted, left out of the comparison.
    expect(gender.consistency).toMatchObject({ prompts_compared: 40, prompts_single_variant: 2, refusal_disagreement_rate: 0.5 });

    // The generic task read answers the status and summary; the results live at the document's route.
    const generic = (await w.call("reviewer", "GET", `${tasksPath(w.apps.inReach)}/${taskId}`)).json() as TestingTask;
    expect(generic).toMatchObject({ id: taskId, status: "ready", summary: task.summary });
    expect((await w.call("reviewer", "GET", `${tasksPath(w.apps.inReach)}/${taskId}/results.csv`)).statusCode).toBe(409);
  });

  it("serves each detail table sorted, filtered and paged, and 404s an unknown table", async () => {
    const table = (query: string, id = "refusals") => w.call("reviewer", "GET", `/testing/llm/${responsesId}/tables/${id}?${query}`);
    const sorted = (await table("sort=-refusal_rate")).json();
    expect(sorted.columns.map((c: { id: string }) => c.id)).toContain("refusal_rate");
    expect(sorted.total).toBe(2);
    expect(sorted.items.map((r: { group: string }) => r.group)).toEqual(["F", "M"]);
    expect((await table("sort=refusal_rate")).json().items.map((r: { group: string }) => r.group)).toEqual(["M", "F"]);
    const filtered = (await table("q=m")).json();
    expect(filtered).toMatchObject({ total: 1, items: [{ group: "M", refusals: 0 }] });
    const paged = (await table("sort=group&page=2&page_size=1")).json();
    expect(paged).toMatchObject({ total: 2, items: [{ group: "M" }] });
    const divergent = (await table("sort=-sentiment_gap", "divergent")).json();
    expect(divergent.total).toBeGreaterThan(0);
    expect(divergent.items[0]).toMatchObject({ attribute: "gender", refusal_disagrees: true, group_a: "M", group_b: "F" });

    expect((await table("sort=nonsense")).statusCode).toBe(400);
    expect(paths(await table("sort=nonsense"))[0].path).toBe("sort");
    expect((await table("", "horoscope")).statusCode).toBe(404);
    expect((await w.call("reviewer", "GET", `/testing/llm/${responsesId}/tables/horoscope/export`)).statusCode).toBe(404);
  });

  it("exports a table as CSV that parses back to the grid's rows, and as a workbook", async () => {
    const csv = await w.call("reviewer", "GET", `/testing/llm/${responsesId}/tables/favourable/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.headers["content-disposition"]).toContain("llm-favourable.csv");
    const parsed = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true }).data;
    expect(parsed.map((r) => [r.group, r.favourable, r.adverse_impact])).toEqual([
      ["F", "20", "true"],
      ["M", "41", "false"],
    ]);
    expect(Number(parsed[0].favourable_ratio)).toBeCloseTo(20 / 41, 12);
    const xlsx = await w.call("reviewer", "GET", `/testing/llm/${responsesId}/tables/favourable/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });

  it("is offered as evidence of bias testing and of generated-output safeguards, linking to its results by document", async () => {
    const offered = async (query: string) =>
      ((await w.call("reviewer", "GET", `/applications/${w.apps.inReach}/testing/evidence-controls${query}`)).json().items as { control_id: string }[]).map((c) => c.control_id);
    expect(await offered("?data_source=fairness_llm_user")).toEqual(expect.arrayContaining(["C-FAIR-01", "C-ROBUST-02"]));
    expect(await offered("")).not.toContain("C-ROBUST-02");
    const res = await w.call("contributor", "POST", `${tasksPath(w.apps.inReach)}/${taskId}/evidence`, { control_id: "C-ROBUST-02" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ control_id: "C-ROBUST-02", kind: "link", url: `${w.t.config.publicUrl}/application-testing/results/llm/${responsesId}` });
  });

  it("is out of reach for another company, a user without roles, and a contributor outside the application's group", async () => {
    for (const who of ["other", "noroles"]) {
      expect((await run(who, responsesId)).statusCode).toBe(404);
      expect((await w.call(who, "GET", `/testing/llm/${responsesId}/tables/refusals`)).statusCode).toBe(404);
      expect((await w.call(who, "GET", `/testing/llm/${responsesId}/tables/refusals/export`)).statusCode).toBe(404);
    }
    const outsideDoc = await uploadDocument(w, w.apps.outside, "Outside responses.csv", responses, "admin");
    await startTest(w, w.apps.outside, { data_source: "fairness_llm_user", document_id: outsideDoc, columns: COLUMNS }, "admin");
    expect((await run("admin", outsideDoc)).statusCode).toBe(200);
    expect((await run("contributor", outsideDoc)).statusCode).toBe(404);
    // A document without an LLM test has nothing to show.
    expect((await run("admin", "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("answers the latest test over the document, and no tables while that one has no results", async () => {
    const again = await startTest(w, w.apps.inReach, { data_source: "fairness_llm_user", name: "Chatbot Q2", document_id: responsesId, columns: COLUMNS });
    await w.t.app.testingWorker.wake();
    expect((await run("reviewer", responsesId)).json().task).toMatchObject({ id: again.id, name: "Chatbot Q2", status: "ready" });
    // As if the latest run had failed: its status is shown, without results or tables.
    const [row] = await w.t.database.db.select().from(testingTasks).where(eq(testingTasks.id, again.id));
    await w.t.database.db.update(processingItems).set({ status: "error", error: "testing.errors.failed" }).where(eq(processingItems.id, row.processingItemId));
    const failed = (await run("reviewer", responsesId)).json();
    expect(failed).toMatchObject({ task: { id: again.id, status: "error", error: "testing.errors.failed" }, results: null });
    expect((await w.call("reviewer", "GET", `/testing/llm/${responsesId}/tables/refusals`)).statusCode).toBe(409);
  });
});

describe("a file without responses", () => {
  it("ends in error, saying it has no rows, with its status shown by document", async () => {
    const headerOnly = await uploadDocument(w, w.apps.inReach, "No responses.csv", Buffer.from("pid,prompt,answer,lang,gender\n"), "contributor");
    await startTest(w, w.apps.inReach, { data_source: "fairness_llm_user", document_id: headerOnly, columns: COLUMNS });
    await w.t.app.testingWorker.wake();
    expect((await run("reviewer", headerOnly)).json()).toMatchObject({ task: { status: "error", error: "testing.errors.noRows", summary: null }, results: null });
  });
});

describe("the explanation", () => {
  it("lists the refusal patterns, the lexicon's version and size and the thresholds", async () => {
    const res = await w.call("reviewer", "GET", "/testing/llm/explanation");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.refusal_patterns.languages.en.length).toBeGreaterThan(3);
    expect(body.refusal_patterns.languages.es.length).toBeGreaterThan(3);
    expect(body.lexicon.words.en).toBeGreaterThan(100);
    expect(body.thresholds).toMatchObject({ four_fifths: 0.8, small_group_responses: 30 });
  });
});

describe("a large file", () => {
  it("a 20 MB file of responses finishes, its progress written as it reads", async () => {
    const rows: string[][] = [["pid", "prompt", "answer", "gender", "ethnicity"]];
    const filler = " We reviewed your account carefully and the details of the request, and everything looks good for the next steps.".repeat(3);
    let bytes = 0;
    let n = 0;
    let refused = 0;
    while (bytes < 20 * 1024 * 1024) {
      const group = n % 4;
      const refuse = group === 3 && n % 8 === 3;
      if (refuse) refused++;
      const answer = refuse ? REFUSE_EN : `${HAPPY_EN}${filler}`;
      const row = [`q${Math.floor(n / 4)}`, `Question ${Math.floor(n / 4)} about my order`, answer, group % 2 ? "F" : "M", group < 2 ? "A" : "B"];
      rows.push(row);
      bytes += row.join(",").length + 1;
      n++;
    }
    const big = csvOf(rows.map((r) => r.map((c) => (c.includes(",") ? `"${c}"` : c))));
    expect(big.length).toBeGreaterThanOrEqual(20 * 1024 * 1024);
    const bigId = await uploadDocument(w, w.apps.inReach, "Large responses.csv", big, "contributor");
    const { id } = await startTest(w, w.apps.inReach, { data_source: "fairness_llm_user", document_id: bigId, columns: { prompt_id: "pid", prompt: "prompt", response: "answer", protected: { gender: "gender", ethnicity: "ethnicity" } } });

    // Progress is watched while the worker reads.
    const seen: number[] = [];
    let done = false;
    const worker = w.t.app.testingWorker.wake().finally(() => (done = true));
    while (!done) {
      const task = (await w.call("reviewer", "GET", `${tasksPath(w.apps.inReach)}/${id}`)).json() as TestingTask;
      if (task.status === "analyzing") seen.push(task.rows_read);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await worker;
    const { task, results } = (await run("reviewer", bigId)).json() as { task: TestingTask; results: LlmResults };
    expect(task).toMatchObject({ id, status: "ready", rows_read: n });
    expect(results.responses).toBe(n);
    expect(seen.some((rowsRead) => rowsRead > 0 && rowsRead < n)).toBe(true);
    const ethnicity = results.attributes.find((a) => a.attribute === "ethnicity")!;
    expect(ethnicity.groups.find((g) => g.group === "B")!.refusals).toBe(refused);
  }, 120_000);
});
