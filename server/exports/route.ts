import { PassThrough, Readable } from "node:stream";
import type { FastifyInstance, FastifyReply, FastifyRequest, preParsingHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CSV, XLSX } from "../../domain/entities/document";
import { LANGUAGES, languageOf, textsFor, type Language, type Texts } from "../i18n/texts";
import { fileNamePart } from "../testing/reports/file-name";
import { problemResponses } from "../plugins/problem";
import { contentDisposition } from "../uploads/document-store";
import { STEWARD_VERSION } from "../testing/version";
import type { ExportColumn } from "./columns";
import { csvLines } from "./csv";
import { writeXlsx, type XlsxSheet } from "./xlsx";

export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The file-download headers every generated file is sent with: never cached by a shared cache, never sniffed as something else. */
export function asDownload(reply: FastifyReply, type: string, fileName: string, language: Language): FastifyReply {
  return reply
    .type(type)
    .header("Content-Disposition", contentDisposition(fileName))
    .header("Content-Language", language)
    .header("X-Content-Type-Options", "nosniff")
    .header("Cache-Control", "private, no-store");
}

/**
 * `columns=`: the grid's visible columns in its order, comma-separated (or repeated); all of them when absent.
 * An unknown one is refused by name, with the list of those there are.
 */
function columnsParameter(keys: readonly string[]) {
  return z
    .preprocess(
      (v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((part) => String(part).split(",")).map((k) => k.trim()).filter(Boolean)),
      z.array(z.string().max(100)).max(100).optional(),
    )
    .superRefine((requested, ctx) => {
      const unknown = (requested ?? []).filter((k) => !keys.includes(k));
      if (unknown.length) ctx.addIssue({ code: "custom", message: `Unknown column ${unknown.join(", ")}: the columns are ${keys.join(", ")}.` });
      if (requested?.length === 0) ctx.addIssue({ code: "custom", message: "Name at least one column." });
    })
    .describe(`The columns, in order, comma-separated: ${keys.join(", ")} (all when absent)`);
}

/** A list's query without its paging, plus what the file is: format, columns, language. */
export function exportQuerySchema<Q extends z.ZodObject>(listQuery: Q, columns: readonly ExportColumn<never>[]) {
  const paging = Object.fromEntries(["page", "page_size"].filter((key) => key in listQuery.shape).map((key) => [key, true]));
  return listQuery.omit(paging as never).extend({
    format: z.enum(EXPORT_FORMATS).describe("csv (UTF-8 with BOM) or xlsx"),
    columns: columnsParameter(columns.map((c) => c.key)),
    lang: z.enum(LANGUAGES).optional().describe("Headers and values in this language; by default Accept-Language's, else the caller's, else en"),
  });
}

export interface ListExport<Item, Q extends z.ZodObject> {
  /** The export's path: the list's own, plus `/export`. */
  url: string;
  tags: string[];
  /** What is exported, for the API reference ("The applications the caller can see"). */
  what: string;
  params?: z.ZodObject;
  /** The list's query schema: its filters, search and sort are the export's. */
  querystring: Q;
  columns: readonly ExportColumn<Item>[];
  /** The sheet's title: an i18n key. */
  title: string;
  preParsing?: preParsingHookHandler;
  /**
   * What is exported: the file's name before the date and the extension ("applications"), and the items,
   * batch after batch, as the list answers them (authorized and scoped as the list is).
   */
  source(request: FastifyRequest, query: z.infer<Q>): ExportSource<Item> | Promise<ExportSource<Item>>;
}

export interface ExportSource<Item> {
  name: string;
  rows: AsyncIterable<Item[]>;
}

/**
 * Registers `GET <list>/export?format=csv|xlsx`: the list as it is shown (the same filters, search, sort and
 * authorization), in the reader's language, streamed as it is read so a long list never sits in memory.
 */
export function listExportRoute<Item, Q extends z.ZodObject>(root: FastifyInstance, spec: ListExport<Item, Q>): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const querystring = exportQuerySchema(spec.querystring, spec.columns as readonly ExportColumn<never>[]);
  app.get(
    spec.url,
    {
      config: { features: ["data-export"] },
      schema: {
        tags: spec.tags,
        summary: `${spec.what}, as CSV or .xlsx: the list's own filters, search and sort, the columns asked for`,
        ...(spec.params && { params: spec.params }),
        querystring,
        response: { 200: z.any().describe("The CSV file or the workbook"), ...problemResponses },
      },
      ...(spec.preParsing && { preParsing: spec.preParsing }),
    },
    async (request, reply) => {
      const { format, columns: keys, lang, ...filters } = request.query as { format: ExportFormat; columns?: string[]; lang?: Language } & Record<string, unknown>;
      const language = languageOf(request, lang);
      const t = textsFor(language);
      const columns = keys ? keys.map((k) => spec.columns.find((c) => c.key === k)!) : spec.columns;
      const source = await spec.source(request, filters as z.infer<Q>);
      // The first batch is read before answering: a failure there is still a proper problem response.
      const batches = await startedBatches(source.rows);
      const fileName = `${fileNamePart(source.name) || "export"}-${new Date().toISOString().slice(0, 10)}.${format}`;
      asDownload(reply, format === "csv" ? `${CSV}; charset=utf-8` : XLSX, fileName, language);
      if (format === "csv") return reply.send(Readable.from(csvLines(columns, t, batches)));
      return reply.send(streamedWorkbook(request, [{ title: t(spec.title), columns, rows: batches }] as XlsxSheet<never>[], t));
    },
  );
}

/**
 * A workbook as a stream that is written while it is read. A failure once it has started can only cut the
 * download short, so it is logged.
 */
export function streamedWorkbook(request: FastifyRequest, sheets: readonly XlsxSheet<never>[], t: Texts): PassThrough {
  const out = new PassThrough();
  writeXlsx(out, sheets, t, { creator: `Steward ${STEWARD_VERSION}`, created: new Date() }).catch((error: unknown) => {
    request.log.error({ err: error, url: request.routeOptions.url }, "workbook failed");
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

/** A list held whole in memory (the library's requirements, an application's controls) as one batch. */
export async function* oneBatch<Item>(items: Item[]): AsyncGenerator<Item[]> {
  if (items.length) yield items;
}

/** The batches, the first already read (so its failure is thrown here), the rest read as they are asked for. */
async function startedBatches<Item>(batches: AsyncIterable<Item[]>): Promise<AsyncIterable<Item[]>> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      while (true) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    },
  };
}
