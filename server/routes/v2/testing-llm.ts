import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "../../../domain/api/list";
import { LLM_TABLE_IDS, llmResultsSchema } from "../../../domain/entities/llm-results";
import { testingTaskSchema } from "../../../domain/entities/testing-task";
import { notFound, problemResponses } from "../../plugins/problem";
import { llmExplanation } from "../../testing/llm/explanation";
import { llmBiasSummaryPdf } from "../../testing/llm/bias-summary-pdf";
import { latestLlmRun, llmReportSubject, llmTable } from "../../testing/llm/store";
import { reportFileName } from "../../testing/reports/file-name";
import { REPORT_LANGUAGES, reportLanguage } from "../../testing/reports/texts";
import { llmTableBlock } from "../../testing/llm/table-export";
import { tablePage } from "../../testing/llm/table-page";
import { resultsCsv } from "../../testing/reports/results-csv";
import { writeResultsXlsx } from "../../testing/reports/results-xlsx";
import { contentDisposition } from "../../uploads/document-store";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const documentParamsSchema = z.object({ documentId: z.uuid() });
/** Any text is accepted as a table id so that an unknown one is a 404 (a page that does not exist), not a 400. */
const tableParamsSchema = documentParamsSchema.extend({ tableId: z.string().max(100) });
const tableQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  /** A column id of the table, descending with a leading `-`. */
  sort: z.string().trim().max(101).optional(),
  q: z.string().trim().max(200).optional(),
});
const exportQuerySchema = z.strictObject({ format: z.enum(["csv", "xlsx"]).default("csv") });
const reportQuerySchema = z.strictObject({
  lang: z.enum(REPORT_LANGUAGES).optional().describe("The report's language; by default the first of en/es that Accept-Language prefers, else en."),
});

const cellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const columnSchema = z.object({ id: z.string(), type: z.enum(["string", "number", "boolean"]) });
const runResponseSchema = z.object({
  task: testingTaskSchema.omit({ results: true }),
  application: z.object({ id: z.uuid(), name: z.string() }),
  results: llmResultsSchema.nullable(),
});
const tableResponseSchema = z.object({
  columns: z.array(columnSchema),
  items: z.array(z.record(z.string(), cellSchema)),
  total: z.number().int(),
  /** Set when the stored table was cut to its cap: the rows beyond it are not served. */
  truncated: z.literal(true).optional(),
});
const explanationResponseSchema = z.object({
  metric_definitions_version: z.string(),
  refusal_patterns: z.object({ version: z.string(), window_chars: z.number(), languages: z.record(z.string(), z.array(z.string())) }),
  lexicon: z.object({
    version: z.string(),
    /** Which analyser this version of the sentiment definition is: `vader` (VADER, and its rules over a Spanish lexicon). */
    analyser: z.string(),
    /** Entries of each language's lexicon. */
    words: z.record(z.string(), z.number().int()),
    /** Where each language's analyser and lexicon come from: the npm package, its version and the lexicon file. */
    sources: z.record(z.string(), z.object({ package: z.string(), version: z.string(), lexicon: z.string(), entries: z.number().int() })),
    normalisation_alpha: z.number(),
    negation_window_words: z.number(),
    sentiment_buckets: z.number().int(),
  }),
  thresholds: z.record(z.string(), z.number()),
});

const isTableId = (id: string): id is (typeof LLM_TABLE_IDS)[number] => (LLM_TABLE_IDS as readonly string[]).includes(id);

/** The LLM fairness results, keyed by the analysed document as the browser's pages are: summary, detail tables, explanation. */
export default async function testingLlmRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  app.get(
    "/testing/llm/explanation",
    {
      config: { features: ["llm-testing"] },
      schema: {
        tags: ["testing"],
        summary: "How LLM responses are judged: the refusal pattern lists, the sentiment analyser per language (its package, version and lexicon size), and the thresholds of the flags",
        response: { 200: explanationResponseSchema, ...problemResponses },
      },
    },
    async () => llmExplanation(),
  );

  app.get(
    "/testing/llm/:documentId",
    {
      config: { features: ["llm-testing"] },
      schema: {
        tags: ["testing"],
        summary: "The latest LLM fairness test over a document: its status while it runs, its results (without the tables' rows) once ready",
        params: documentParamsSchema,
        response: { 200: runResponseSchema, ...problemResponses },
      },
    },
    async (request) => latestLlmRun(db(), request, request.params.documentId),
  );

  app.get(
    "/testing/llm/:documentId/tables/:tableId",
    {
      config: { features: ["llm-testing"] },
      schema: {
        tags: ["testing"],
        summary: "A page of one detail table of the latest ready LLM test over a document, filtered by q and sorted by a column (404 for an unknown table)",
        params: tableParamsSchema,
        querystring: tableQuerySchema,
        response: { 200: tableResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { documentId, tableId } = request.params;
      if (!isTableId(tableId)) throw notFound("Table");
      const { table } = await llmTable(db(), request, documentId, tableId);
      return { ...tablePage(table, request.query), ...(table.truncated && { truncated: true as const }) };
    },
  );

  app.get(
    "/testing/llm/:documentId/tables/:tableId/export",
    {
      config: { features: ["llm-testing", "data-export"] },
      schema: {
        tags: ["testing"],
        summary: "One detail table of the latest ready LLM test over a document, whole, as CSV (UTF-8 with BOM) or an .xlsx workbook",
        params: tableParamsSchema,
        querystring: exportQuerySchema,
        response: { 200: z.any().describe("The CSV file or the workbook"), ...problemResponses },
      },
    },
    async (request, reply) => {
      const { documentId, tableId } = request.params;
      if (!isTableId(tableId)) throw notFound("Table");
      const { table, task } = await llmTable(db(), request, documentId, tableId);
      const block = llmTableBlock(tableId, table);
      const fileName = `llm-${tableId}.${request.query.format}`;
      reply.header("Content-Disposition", contentDisposition(fileName)).header("X-Content-Type-Options", "nosniff").header("Cache-Control", "private, no-store");
      if (request.query.format === "csv") return reply.type("text/csv; charset=utf-8").send(resultsCsv([block]));
      const stream = new PassThrough();
      // The workbook streams out as it is written; a failure then can only cut the download short, so it is logged.
      writeResultsXlsx([block], stream, { creator: "Steward", created: new Date(task.updated_at) }).catch((error: unknown) => {
        request.log.error({ err: error, documentId, tableId }, "LLM table workbook failed");
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply.type(XLSX).send(stream);
    },
  );

  app.get(
    "/testing/llm/:documentId/bias-audit.pdf",
    {
      config: { features: ["llm-testing", "data-export"] },
      schema: {
        tags: ["testing"],
        summary: "The bias summary of the latest ready LLM test over a document, as PDF in English or Spanish: per attribute its groups, consistency and most divergent prompts",
        description: "409 while the test is not ready.",
        params: documentParamsSchema,
        querystring: reportQuerySchema,
        response: { 200: z.any().describe("The PDF"), ...problemResponses },
      },
    },
    async (request, reply) => {
      const subject = await llmReportSubject(db(), request, request.params.documentId);
      const language = reportLanguage(request.query.lang, request.headers["accept-language"]);
      const pdf = await llmBiasSummaryPdf(subject, language);
      return reply
        .type("application/pdf")
        .header("Content-Disposition", contentDisposition(reportFileName(subject, "llm-bias-summary.pdf")))
        .header("Content-Language", language)
        .header("X-Content-Type-Options", "nosniff")
        .header("Cache-Control", "private, no-store")
        .send(pdf);
    },
  );
}
