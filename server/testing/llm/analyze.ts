import type { FairnessResults } from "../../../domain/entities/testing-task";
import { LEXICON_VERSION, LLM_METRIC_DEFINITIONS_VERSION, LlmAccumulator, REFUSAL_PATTERNS_VERSION } from "../../../domain/testing/llm";
import { tableAnalyzer } from "../table-analysis";
import { llmColumnsSchema } from "./columns";
import { boundedTables, type StoredLlmResults } from "./stored-results";

/**
 * `fairness_llm_user`: the LLM responses a user supplies in a CSV or .xlsx document of the application, streamed
 * row by row into the LLM accumulator (each response scored as it arrives, compact columns kept), stored with the
 * detail tables' rows and the versions of the definitions, the sentiment analyser and the refusal patterns.
 */
export const analyzeLlmUser = tableAnalyzer({
  columns: llmColumnsSchema,
  start(columns, { indexOf, attributes, protectedValues }) {
    const promptId = indexOf(columns.prompt_id);
    const prompt = indexOf(columns.prompt);
    const response = indexOf(columns.response);
    const language = columns.language ? indexOf(columns.language) : -1;
    const accumulator = new LlmAccumulator({ attributes });
    return { accumulator, add: (row) => accumulator.add(row[promptId], row[prompt], row[response], language >= 0 ? row[language] : undefined, protectedValues(row)) };
  },
  results(accumulator, columns, { input_sha256, rows_read, steward_version }) {
    const finished = accumulator.finish();
    const results: StoredLlmResults = {
      ...finished,
      provenance: {
        input_sha256,
        rows_read,
        columns,
        metric_definitions_version: LLM_METRIC_DEFINITIONS_VERSION,
        lexicon_version: LEXICON_VERSION,
        refusal_patterns_version: REFUSAL_PATTERNS_VERSION,
        steward_version,
      },
      tables_data: boundedTables(accumulator.tables(finished)),
    };
    // The results column is typed for the ML results; an LLM task's are read back through StoredLlmResults.
    return results as unknown as FairnessResults;
  },
});
