/**
 * The budget: 50,000 LLM responses (prompt ids with a variant per gender and ethnicity, English and Spanish) are
 * analysed as a `fairness_llm_user` test, start → ready, in under 5 s on the embedded database. The reference, in
 * the same process and on the same stored file: reading and parsing it alone (the table reader over every row),
 * so machine noise shows in both.
 */
import Papa from "papaparse";
import { generator } from "./applications";
import { MB, measureRuns, median, peak, RUNS, withTestingBench, type TestingBench } from "./testing-bench";

const RESPONSES = 50_000;
const TIME_BUDGET_MS = 5000;

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

async function analyse({ call, app, applicationId, documentId }: TestingBench): Promise<void> {
  const columns = { prompt_id: "prompt_id", prompt: "prompt", response: "response", language: "language", protected: { gender: "gender", ethnicity: "ethnicity" } };
  const started = await call("admin", "POST", `/applications/${applicationId}/testing/tasks`, { data_source: "fairness_llm_user", document_id: documentId, columns });
  if (started.statusCode !== 201) throw new Error(`starting the test failed ${started.statusCode}: ${started.body}`);
  await app.testingWorker.wake();
  const run = (await call("admin", "GET", `/testing/llm/${documentId}`)).json();
  if (run.task.status !== "ready" || run.results.responses !== RESPONSES) throw new Error(`the test ended ${run.task.status}: ${run.task.error ?? ""}`);
}

export async function reportTestingLlm(): Promise<boolean> {
  const bytes = responsesCsv();
  const { reading, analysing } = await withTestingBench("responses.csv", bytes, RESPONSES, (bench) => measureRuns(bench, () => analyse(bench)));
  const readMs = median(reading.map((r) => r.ms));
  const analyseMs = median(analysing.map((r) => r.ms));
  console.log(`\nLLM fairness test of ${RESPONSES.toLocaleString("en")} responses (${(bytes.length / MB).toFixed(1)} MB CSV; gender, ethnicity, en/es), embedded database (median of ${RUNS})`);
  console.log(`  read and parse the file alone (reference)   ${readMs.toFixed(0)} ms   peak RSS +${peak(reading, "rssMb").toFixed(0)} MB`);
  console.log(`  start → ready (queue, analysis, results)    ${analyseMs.toFixed(0)} ms   ×${(analyseMs / readMs).toFixed(2)}   budget ${TIME_BUDGET_MS} ms   peak RSS +${peak(analysing, "rssMb").toFixed(0)} MB`);
  return analyseMs < TIME_BUDGET_MS;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await reportTestingLlm()) ? 0 : 1;
}
