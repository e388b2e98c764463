import { PassThrough } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { testingTaskParamsSchema } from "../../../domain/entities/testing-task";
import { problemResponses } from "../../plugins/problem";
import { biasAuditPdf } from "../../testing/reports/bias-audit-pdf";
import { reportFileName } from "../../testing/reports/file-name";
import type { ReportSubject } from "../../testing/reports/report-subject";
import { resultsCsv } from "../../testing/reports/results-csv";
import { resultsTable } from "../../testing/reports/results-table";
import { writeResultsXlsx } from "../../testing/reports/results-xlsx";
import { readyReportSubject } from "../../testing/reports/store";
import { REPORT_LANGUAGES, reportLanguage, reportTexts, type ReportLanguage } from "../../testing/reports/texts";
import { findTestingTask } from "../../testing/store";
import { contentDisposition } from "../../uploads/document-store";
import { featureOfTestingTask } from "../../testing/task-feature";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const reportQuerySchema = z.object({
  lang: z.enum(REPORT_LANGUAGES).optional().describe("The report's language; by default the first of en/es that Accept-Language prefers, else en."),
});

const NOT_READY = "409 while the test is not ready.";
const fileSchema = (what: string) => ({
  params: testingTaskParamsSchema,
  querystring: reportQuerySchema,
  response: { 200: z.any().describe(what), ...problemResponses },
});

/** Downloads of a finished test: its results as CSV or .xlsx, and the NYC Local Law 144 bias-audit summary as PDF. */
export default async function testingReportRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  /** The ready task the caller reads (404 out of reach), and the language its report is written in. */
  async function reportOf(
    request: FastifyRequest,
    params: z.infer<typeof testingTaskParamsSchema>,
    query: z.infer<typeof reportQuerySchema>,
  ): Promise<{ subject: ReportSubject; language: ReportLanguage }> {
    const task = await findTestingTask(db(), request, params.id, params.taskId);
    const subject = await readyReportSubject(db(), task);
    return { subject, language: reportLanguage(query.lang, request.headers["accept-language"]) };
  }

  /** A download: never cached by a shared cache, never sniffed as something else. */
  const attachment = (reply: FastifyReply, type: string, fileName: string, language: ReportLanguage) =>
    reply
      .type(type)
      .header("Content-Disposition", contentDisposition(fileName))
      .header("Content-Language", language)
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", "private, no-store");

  app.get(
    "/applications/:id/testing/tasks/:taskId/results.csv",
    {
      config: { features: ["data-export"], featureOf: featureOfTestingTask },
      schema: {
        tags: ["testing"],
        summary: "A ready test's results as CSV (UTF-8 with BOM): groups, then metrics, counterfactual twins when present, provenance",
        description: NOT_READY,
        ...fileSchema("The CSV file"),
      },
    },
    async (request, reply) => {
      const { subject, language } = await reportOf(request, request.params, request.query);
      const csv = resultsCsv(resultsTable(subject, reportTexts(language)));
      return attachment(reply, "text/csv; charset=utf-8", reportFileName(subject, "results.csv"), language).send(csv);
    },
  );

  app.get(
    "/applications/:id/testing/tasks/:taskId/results.xlsx",
    {
      config: { features: ["data-export"], featureOf: featureOfTestingTask },
      schema: {
        tags: ["testing"],
        summary: "A ready test's results as an .xlsx workbook: a sheet for groups, metrics, counterfactual twins when present, provenance",
        description: NOT_READY,
        ...fileSchema("The workbook"),
      },
    },
    async (request, reply) => {
      const { subject, language } = await reportOf(request, request.params, request.query);
      const stream = new PassThrough();
      const blocks = resultsTable(subject, reportTexts(language));
      // The workbook streams out as it is written; a failure then can only cut the download short, so it is logged.
      writeResultsXlsx(blocks, stream, { creator: `Steward ${subject.results.provenance.steward_version}`, created: subject.task.finishedAt }).catch((error: unknown) => {
        request.log.error({ err: error, taskId: subject.task.id }, "results workbook failed");
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return attachment(reply, XLSX, reportFileName(subject, "results.xlsx"), language).send(stream);
    },
  );

  app.get(
    "/applications/:id/testing/tasks/:taskId/bias-audit.pdf",
    {
      config: { features: ["data-export"], featureOf: featureOfTestingTask },
      schema: {
        tags: ["testing"],
        summary: "A ready test's bias-audit summary (NYC Local Law 144) as PDF, in English or Spanish",
        description: NOT_READY,
        ...fileSchema("The PDF"),
      },
    },
    async (request, reply) => {
      const { subject, language } = await reportOf(request, request.params, request.query);
      const pdf = await biasAuditPdf(subject, language);
      return attachment(reply, "application/pdf", reportFileName(subject, "bias-audit.pdf"), language).send(pdf);
    },
  );
}
