import { useCustom, type HttpError } from "@refinedev/core";
import type { LlmResults, LlmTableId } from "../../../../domain/entities/llm-results";
import type { TestingTask } from "../../../../domain/entities/testing-task";
import { isWorking, POLL_MS } from "../task-api";

/** GET /v2/testing/llm/{documentId}: the latest LLM test over a document, its status, and its results once ready. */
export interface LlmRun {
  task: Omit<TestingTask, "results">;
  application: { id: string; name: string };
  results: LlmResults | null;
}

export type LlmCell = string | number | boolean | null;
export interface LlmTableColumn {
  id: string;
  type: "string" | "number" | "boolean";
}
/** A page of a detail table. */
export interface LlmTablePage {
  columns: LlmTableColumn[];
  items: Record<string, LlmCell>[];
  total: number;
  truncated?: true;
}

/** GET /v2/testing/llm/explanation: the refusal patterns, the lexicon and the thresholds the results were judged by. */
export interface LlmExplanation {
  metric_definitions_version: string;
  refusal_patterns: { version: string; window_chars: number; languages: Record<string, string[]> };
  lexicon: {
    version: string;
    /** Which analyser this version is (`vader`); absent from servers older than it. */
    analyser?: string;
    words: Record<string, number>;
    sources?: Record<string, { package: string; version: string; lexicon: string; entries: number }>;
    normalisation_alpha: number;
    negation_window_words: number;
    sentiment_buckets: number;
  };
  thresholds: Record<string, number>;
}

export const llmPath = (documentId: string) => `/testing/llm/${encodeURIComponent(documentId)}`;
export const llmTablePath = (documentId: string, tableId: string) => `${llmPath(documentId)}/tables/${encodeURIComponent(tableId)}`;
export const llmExportPath = (documentId: string, tableId: LlmTableId, format: "csv" | "xlsx") => `${llmTablePath(documentId, tableId)}/export?format=${format}`;

/** The run over the document, polled while a worker has it. */
export function useLlmRun(documentId: string) {
  const { query } = useCustom<LlmRun, HttpError>({
    url: llmPath(documentId),
    method: "get",
    queryOptions: {
      enabled: Boolean(documentId),
      retry: false,
      refetchInterval: (q) => (isWorking(q.state.data?.data?.task.status) ? POLL_MS : false),
    },
    errorNotification: false,
  });
  return { run: query.data?.data, query };
}

export interface LlmTableQuery {
  page: number;
  page_size: number;
  sort?: string;
  q?: string;
}

/** One page of a detail table, sorted and searched on the server; the previous page stays shown while the next loads. */
export function useLlmTable(documentId: string, tableId: string, params: LlmTableQuery) {
  const query: Record<string, string | number> = { page: params.page, page_size: params.page_size };
  if (params.sort) query.sort = params.sort;
  if (params.q) query.q = params.q;
  const { query: state } = useCustom<LlmTablePage, HttpError>({
    url: llmTablePath(documentId, tableId),
    method: "get",
    config: { query },
    queryOptions: { enabled: Boolean(documentId && tableId), retry: false, placeholderData: (previous) => previous },
    errorNotification: false,
  });
  return { page: state.data?.data, query: state };
}

export function useLlmExplanation() {
  const { query } = useCustom<LlmExplanation, HttpError>({
    url: "/testing/llm/explanation",
    method: "get",
    queryOptions: { retry: false, staleTime: Infinity },
    errorNotification: false,
  });
  return { explanation: query.data?.data, query };
}
