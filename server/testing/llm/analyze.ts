import type { FairnessResults } from "../../../domain/entities/testing-task";
import { TESTING_ERRORS } from "../../../domain/entities/testing-task";
import { LEXICON_VERSION, LLM_METRIC_DEFINITIONS_VERSION, LlmAccumulator, REFUSAL_PATTERNS_VERSION } from "../../../domain/testing/llm";
import { TestingFailure, type Analyzer } from "../analyzer";
import { openTaskTable } from "../task-table";
import { STEWARD_VERSION } from "../version";
import { llmColumnsSchema } from "./columns";
import { boundedTables, type StoredLlmResults } from "./stored-results";

/** How often (in rows) the analysis reports how far it got; the worker decides when that reaches the database. */
const REPORT_EVERY_ROWS = 1000;

/**
 * `fairness_llm_user`: the LLM responses a user supplies in a CSV or .xlsx document of the application, streamed
 * row by row into the LLM accumulator (each response scored as it arrives, compact columns kept), stored with the
 * detail tables' rows and the provenance an auditor needs to reproduce the run.
 */
export const analyzeLlmUser: Analyzer = async ({ db, storage, task, progress }) => {
  const parsed = llmColumnsSchema.safeParse(task.columns);
  // Checked when the task was created; a row changed by hand since is the only way here.
  if (!parsed.success) throw new TestingFailure(TESTING_ERRORS.failed);
  const columns = parsed.data;

  const table = await openTaskTable(db, storage, task);
  try {
    // Column indexes are resolved once, from the header: every row is then read by position.
    const indexOf = table.columnIndex;
    const attributes = Object.keys(columns.protected);
    const promptId = indexOf(columns.prompt_id);
    const prompt = indexOf(columns.prompt);
    const response = indexOf(columns.response);
    const language = columns.language ? indexOf(columns.language) : -1;
    const protectedIndexes = attributes.map((attribute) => indexOf(columns.protected[attribute]));
    const accumulator = new LlmAccumulator({ attributes });

    for await (const row of table.rows()) {
      accumulator.add(
        row[promptId],
        row[prompt],
        row[response],
        language >= 0 ? row[language] : undefined,
        protectedIndexes.map((i) => row[i]),
      );
      if (accumulator.rowsRead % REPORT_EVERY_ROWS === 0) await progress(accumulator.rowsRead);
    }
    if (accumulator.rowsRead === 0) throw new TestingFailure(TESTING_ERRORS.noRows);
    await progress(accumulator.rowsRead);

    const finished = accumulator.finish();
    const results: StoredLlmResults = {
      ...finished,
      provenance: {
        input_sha256: table.sha256(),
        rows_read: accumulator.rowsRead,
        columns,
        metric_definitions_version: LLM_METRIC_DEFINITIONS_VERSION,
        lexicon_version: LEXICON_VERSION,
        refusal_patterns_version: REFUSAL_PATTERNS_VERSION,
        steward_version: STEWARD_VERSION,
      },
      tables_data: boundedTables(accumulator.tables(finished)),
    };
    // The results column is typed for the ML results; an LLM task's are read back through StoredLlmResults.
    return results as unknown as FairnessResults;
  } finally {
    table.close();
  }
};
