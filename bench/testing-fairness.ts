/**
 * The budget: a 100,000-row decisions file with sex, race/ethnicity and a label is analysed as a
 * `fairness_ml_user` test in under 5 s on the embedded database, with peak RSS growth under 200 MB. The
 * reference, in the same process and on the same stored file: reading and parsing it alone (the table
 * reader over every row), so machine noise shows in both.
 */
import { generator } from "./applications";
import { MB, measureRuns, median, peak, RUNS, withTestingBench, type TestingBench } from "./testing-bench";

const ROWS = 100_000;
const TIME_BUDGET_MS = 5000;
const RSS_BUDGET_MB = 200;

/** Made-up decisions: a selection that leans against two groups, a label, and a few blanks. */
export function decisionsCsv(rows = ROWS): Buffer {
  const { next, pick } = generator(2026);
  const races = ["White", "Black", "Hispanic or Latino", "Asian", "Two or more races", "Native American"];
  const lines = ["applicant_id,selected,hired_later,sex,race_ethnicity"];
  for (let i = 0; i < rows; i++) {
    const sex = next() < 0.01 ? "" : pick(["Female", "Male"]);
    const race = pick(races);
    const label = next() < 0.5 ? 1 : 0;
    const p = 0.35 + 0.2 * label - (sex === "Female" ? 0.08 : 0) - (race === "Black" ? 0.1 : 0);
    lines.push(`A${i},${next() < p ? 1 : 0},${label},${sex},${race}`);
  }
  return Buffer.from(lines.join("\n") + "\n");
}

async function analyse({ call, app, applicationId, documentId }: TestingBench): Promise<void> {
  const columns = { outcome: "selected", outcome_type: "binary", label: "hired_later", protected: { sex: "sex", race_ethnicity: "race_ethnicity" } };
  const started = await call("admin", "POST", `/applications/${applicationId}/testing/tasks`, { data_source: "fairness_ml_user", document_id: documentId, columns });
  if (started.statusCode !== 201) throw new Error(`starting the test failed ${started.statusCode}: ${started.body}`);
  await app.testingWorker.wake();
  const task = (await call("admin", "GET", `/applications/${applicationId}/testing/tasks/${started.json().id}`)).json();
  if (task.status !== "ready" || task.results.sample_size !== ROWS) throw new Error(`the test ended ${task.status}: ${task.error ?? ""}`);
}

export async function reportTestingFairness(): Promise<boolean> {
  const bytes = decisionsCsv();
  const { reading, analysing } = await withTestingBench("decisions.csv", bytes, ROWS, (bench) => measureRuns(bench, () => analyse(bench)));
  const readMs = median(reading.map((r) => r.ms));
  const analyseMs = median(analysing.map((r) => r.ms));
  const analyseRss = peak(analysing, "rssMb");
  console.log(`\nFairness test of ${ROWS.toLocaleString("en")} decisions (${(bytes.length / MB).toFixed(1)} MB CSV; sex, race/ethnicity, label), embedded database (median of ${RUNS})`);
  console.log(`  read and parse the file alone (reference)   ${readMs.toFixed(0)} ms   peak RSS +${peak(reading, "rssMb").toFixed(0)} MB, heap +${peak(reading, "heapMb").toFixed(0)} MB`);
  console.log(`  start → ready (queue, analysis, results)    ${analyseMs.toFixed(0)} ms   ×${(analyseMs / readMs).toFixed(2)}   budget ${TIME_BUDGET_MS} ms`);
  console.log(`  peak growth during the analysis             RSS +${analyseRss.toFixed(0)} MB (budget ${RSS_BUDGET_MB} MB), heap +${peak(analysing, "heapMb").toFixed(0)} MB`);
  return analyseMs < TIME_BUDGET_MS && analyseRss < RSS_BUDGET_MB;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await reportTestingFairness()) ? 0 : 1;
}
