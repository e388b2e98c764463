/**
 * The budget: 50,000 LLM responses (prompt ids with a variant per gender and ethnicity, English and Spanish) are
 * analysed as a `fairness_llm_user` test, start → ready, in under 5 s on the embedded database. The reference, in
 * the same process and on the same stored file: reading and parsing it alone (the table reader over every row),
 * so machine noise shows in both.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import Papa from "papaparse";
import { buildApp } from "../server/app";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { runMigrations } from "../server/db/migrate";
import { applicationDocuments } from "../server/db/schema";
import { seedDemoData } from "../server/db/seed";
import { openTable } from "../server/testing/table-reader";
import { uploadDocument, type TestingWorld } from "../tests/support/testing-tasks";
import { v2Caller } from "../tests/support/tenants";
import { generator } from "./applications";
import { demoAccessToken } from "./sign-in";

const RESPONSES = 50_000;
const TIME_BUDGET_MS = 5000;
const RUNS = 3;
const MB = 1024 * 1024;

const OPENINGS = {
  en: ["Thank you for reaching out.", "Happy to help with this.", "Thanks for your patience.", "I understand the concern."],
  es: ["Gracias por escribirnos.", "Con gusto le ayudo.", "Gracias por su paciencia.", "Entiendo su preocupación."],
};
const BODIES = {
  en: [
    "Your account was reviewed and the refund will reach your card within five working days, so no further action is needed on your side.",
    "The delivery was delayed by the carrier; we have booked a new slot for tomorrow morning and you will get a message with the tracking link.",
    "Your plan can be changed at any time from the settings page, and the new price applies from the next billing period without any fee.",
  ],
  es: [
    "Revisamos su cuenta y el reembolso llegará a su tarjeta en cinco días hábiles, así que no necesita hacer nada más por su parte.",
    "El transportista retrasó la entrega; reservamos un nuevo horario para mañana por la mañana y recibirá un mensaje con el enlace de seguimiento.",
    "Puede cambiar su plan en cualquier momento desde la página de ajustes, y el nuevo precio se aplica desde el próximo periodo sin ningún cargo.",
  ],
};
const REFUSALS = { en: "I'm sorry, but I can't help with that request.", es: "Lo siento, pero no puedo ayudar con esa solicitud." };

/** Made-up chatbot responses: four variants per prompt id (gender × ethnicity), one group refused a little more often. */
export function responsesCsv(responses = RESPONSES): Buffer {
  const { next, pick } = generator(2026);
  const rows: string[][] = [["prompt_id", "prompt", "response", "language", "gender", "ethnicity"]];
  const variants = [
    ["female", "group_a"],
    ["female", "group_b"],
    ["male", "group_a"],
    ["male", "group_b"],
  ];
  for (let i = 0; rows.length <= responses; i++) {
    const language = next() < 0.5 ? "en" : "es";
    const prompt = language === "en" ? `Customer ${i} asks about their order and refund options.` : `El cliente ${i} pregunta por su pedido y el reembolso.`;
    for (const [gender, ethnicity] of variants) {
      if (rows.length > responses) break;
      const refused = next() < (ethnicity === "group_b" ? 0.12 : 0.04);
      const response = refused ? REFUSALS[language] : `${pick(OPENINGS[language])} ${pick(BODIES[language])}`;
      rows.push([`P${i}`, prompt, response, language, gender, ethnicity]);
    }
  }
  return Buffer.from(Papa.unparse(rows) + "\n");
}

interface Measured {
  ms: number;
  rssMb: number;
}

/** Runs `work` while sampling RSS every few milliseconds: its time and the peak growth of RSS. */
async function measure(work: () => Promise<void>): Promise<Measured> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let rss = before;
  const sampler = setInterval(() => (rss = Math.max(rss, process.memoryUsage().rss)), 5);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return { ms: performance.now() - started, rssMb: (Math.max(rss, process.memoryUsage().rss) - before) / MB };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function readAlone(app: FastifyInstance, storageKey: string): Promise<void> {
  const file = await app.storage.open(storageKey);
  if (!file) throw new Error("the stored responses file is missing");
  const table = await openTable(file, "text/csv");
  let rows = 0;
  for await (const _row of table.rows()) rows++;
  if (rows !== RESPONSES) throw new Error(`read ${rows} rows, expected ${RESPONSES}`);
}

async function analyse(world: Pick<TestingWorld, "call">, app: FastifyInstance, applicationId: string, documentId: string): Promise<void> {
  const columns = { prompt_id: "prompt_id", prompt: "prompt", response: "response", language: "language", protected: { gender: "gender", ethnicity: "ethnicity" } };
  const started = await world.call("admin", "POST", `/applications/${applicationId}/testing/tasks`, { data_source: "fairness_llm_user", document_id: documentId, columns });
  if (started.statusCode !== 201) throw new Error(`starting the test failed ${started.statusCode}: ${started.body}`);
  await app.testingWorker.wake();
  const run = (await world.call("admin", "GET", `/testing/llm/${documentId}`)).json();
  if (run.task.status !== "ready" || run.results.responses !== RESPONSES) throw new Error(`the test ended ${run.task.status}: ${run.task.error ?? ""}`);
}

export async function reportTestingLlm(): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "steward-bench-llm-"));
  const database = await openDatabase({ dataDir });
  let app: FastifyInstance | undefined;
  try {
    await runMigrations(database);
    await seedDemoData(database.db, { applications: false });
    // The worker runs when the bench wakes it, never on its timer in the middle of a reference run.
    app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_MAX: "1000000", PROCESSING_INTERVAL_MS: "600000" }, ""), database, logger: false, spaRoot: "/nonexistent" });
    await app.ready();
    const tokens = { admin: await demoAccessToken(app, "admin@steward.test") };
    const call = v2Caller(() => app!, tokens);
    const created = await call("admin", "POST", "/applications", { name: "Bench support chatbot" });
    const applicationId = created.json().id as string;
    const world = { call, t: { app } } as unknown as TestingWorld;
    const bytes = responsesCsv();
    const documentId = await uploadDocument(world, applicationId, "responses.csv", bytes);
    const [document] = await database.db.select().from(applicationDocuments).where(eq(applicationDocuments.id, documentId));

    const reading: Measured[] = [];
    const analysing: Measured[] = [];
    for (let run = 0; run < RUNS; run++) {
      reading.push(await measure(() => readAlone(app!, document!.storageKey)));
      analysing.push(await measure(() => analyse(world, app!, applicationId, documentId)));
    }
    const readMs = median(reading.map((r) => r.ms));
    const analyseMs = median(analysing.map((r) => r.ms));
    const peak = (runs: Measured[]) => Math.max(...runs.map((r) => r.rssMb));

    console.log(`\nLLM fairness test of ${RESPONSES.toLocaleString("en")} responses (${(bytes.length / MB).toFixed(1)} MB CSV; gender, ethnicity, en/es), embedded database (median of ${RUNS})`);
    console.log(`  read and parse the file alone (reference)   ${readMs.toFixed(0)} ms   peak RSS +${peak(reading).toFixed(0)} MB`);
    console.log(`  start → ready (queue, analysis, results)    ${analyseMs.toFixed(0)} ms   ×${(analyseMs / readMs).toFixed(2)}   budget ${TIME_BUDGET_MS} ms   peak RSS +${peak(analysing).toFixed(0)} MB`);
    return analyseMs < TIME_BUDGET_MS;
  } finally {
    // The app's db plugin closes the database with it.
    if (app) await app.close();
    else await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await reportTestingLlm()) ? 0 : 1;
}
