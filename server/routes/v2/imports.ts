import { Readable } from "node:stream";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import multipart from "@fastify/multipart";
import { z } from "zod";
import { roleMatches } from "../../../domain/access/abilities";
import { CSV, XLSX } from "../../../domain/entities/document";
import {
  IMPORT_MAX_BYTES,
  importCommitSchema,
  importIdParamsSchema,
  importMappingUpdateSchema,
  importQuerySchema,
  importSchema,
  importTemplateQuerySchema,
  type ImportEntity,
} from "../../../domain/entities/import";
import { csvLines } from "../../exports/csv";
import { asDownload, oneBatch, streamedWorkbook } from "../../exports/route";
import { languageOf, textsFor } from "../../i18n/texts";
import { templateNames } from "../../imports/directory";
import { readImportFile } from "../../imports/file";
import { assertMapping, rememberedMapping, rememberMapping, suggestMapping } from "../../imports/mapping";
import { changeMapping, commitImport, createImport, currentRows, findImport, importView } from "../../imports/store";
import { templateColumns, templateSheet } from "../../imports/template";
import { NOT_MULTIPART, receiveUpload } from "../../imports/upload";
import { assertCan, checkRecord } from "../../plugins/ability";
import { HttpProblem, problemResponses } from "../../plugins/problem";

const SUBJECT = { applications: "Application", vendors: "Vendor" } as const;

/** The multipart body, for the API reference. */
const importUploadSchema = z.object({
  file: z.string().meta({ format: "binary" }).describe("The CSV (UTF-8) or .xlsx file"),
  mapping: z.string().optional().describe('JSON: field → column header, e.g. {"name":"App","details.ai_type":"Kind of AI"}'),
});
const CANNOT = "Only contributors and Administrators import applications and vendors.";
const problems = { ...problemResponses, 413: problemResponses[400], 415: problemResponses[400] };

const HOW = [
  "Send the file as multipart/form-data: `file` (CSV in UTF-8, or .xlsx; the first row names the columns, a row starting with # is a note) and, optionally, `mapping` (JSON: field → column header).",
  "Without a mapping, the caller's last one for this kind of import is used where the columns match, then columns named like the fields (the template's headers, in English or Spanish).",
  "Each row is checked as a create or an edit through the API would be, by what the caller may do: a row naming an existing record by name updates it, others add one.",
  "An empty cell sets nothing. Several values in one cell are parted by semicolons.",
].join(" ");

/** Bulk import of applications and vendors from CSV or .xlsx: a template, a checked preview, a commit. */
export default async function importRoutes(root: FastifyInstance) {
  await root.register(multipart, { limits: { files: 1, fileSize: IMPORT_MAX_BYTES, fields: 2, parts: 3 } });
  root.setErrorHandler((error: FastifyError) => {
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") throw new HttpProblem(415, NOT_MULTIPART);
    throw error;
  });
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;
  // Before the query is validated it may name no entity at all: its validation then says so.
  const mayImport = (request: FastifyRequest, entity: ImportEntity) => (entity in SUBJECT ? assertCan(request, "create", SUBJECT[entity], CANNOT) : undefined);

  app.get(
    "/imports/template",
    {
      schema: {
        tags: ["imports"],
        summary: "A template to fill in: every column an import reads, headed in the reader's language, with a guide row of what each takes (the allowed values)",
        querystring: importTemplateQuerySchema,
        response: { 200: z.any().describe("The CSV file or the workbook"), ...problemResponses },
      },
      preParsing: async (request) => mayImport(request, (request.query as { entity: ImportEntity }).entity),
    },
    async (request, reply) => {
      const { entity, format, lang } = request.query;
      mayImport(request, entity);
      const language = languageOf(request, lang);
      const t = textsFor(language);
      const names = await templateNames(db(), request.user.companyId);
      // A contributor puts new applications in their own groups only: those are the groups to name.
      const seesAll = request.user.roles.some((r) => roleMatches(r.name, "Administrator") || (roleMatches(r.name, "ApplicationContributor") && r.resource_group.group_type === "ALL"));
      const mine = new Set(request.user.roles.filter((r) => roleMatches(r.name, "ApplicationContributor")).map((r) => r.resource_group.name));
      const allowed = { ...names, groups: seesAll ? names.groups : names.groups.filter((g) => mine.has(g)) };
      const fileName = `${t(`imports.entities.${entity}`)}-${t("imports.template.file")}.${format}`;
      if (format === "csv") return asDownload(reply, `${CSV}; charset=utf-8`, fileName, language).send(Readable.from(csvLines(templateColumns(entity, allowed, t), t, oneBatch(["guide" as const]))));
      return asDownload(reply, XLSX, fileName, language).send(streamedWorkbook(request, [templateSheet(entity, allowed, t)], t));
    },
  );

  app.post(
    "/imports",
    {
      schema: {
        tags: ["imports"],
        summary: "Upload a CSV or .xlsx file of applications or vendors: checked and previewed row by row (dry run, the default), or imported at once with dry_run=false",
        description: HOW,
        consumes: ["multipart/form-data"],
        body: importUploadSchema,
        querystring: importQuerySchema,
        response: { 201: importSchema, ...problems },
      },
      preParsing: async (request) => mayImport(request, (request.query as { entity: ImportEntity }).entity),
      // The body is multipart, read as a stream by receiveUpload: its schema is the reference's, not a check.
      validatorCompiler: (route) => (route.httpPart === "body" ? () => ({ value: undefined }) : validatorCompiler(route as never)),
    },
    async (request, reply) => {
      const { entity, dry_run: dryRun = true, mode = "all_or_nothing" } = request.query;
      const upload = await receiveUpload(request);
      const file = await readImportFile(upload.bytes);
      if (upload.mapping) assertMapping(entity, file.header, upload.mapping);
      const mapping = upload.mapping ?? suggestMapping(entity, file.header, await rememberedMapping(db(), request.user, entity));
      if (!dryRun) assertMapping(entity, file.header, mapping);
      if (upload.mapping) await rememberMapping(db(), request.user, entity, upload.mapping);
      let record = await createImport(db(), request, entity, upload.fileName, file, mapping);
      if (!dryRun) record = await commitImport(db(), request, record, mode);
      return reply.code(201).send(importView(record, await currentRows(db(), request, record)));
    },
  );

  app.get(
    "/imports/:id",
    {
      schema: { tags: ["imports"], summary: "One of the caller's imports: its mapping and every row, checked now (or as committed)", params: importIdParamsSchema, response: { 200: importSchema, ...problemResponses } },
    },
    async (request) => {
      const record = await findImport(db(), request, request.params.id);
      return importView(record, await currentRows(db(), request, record));
    },
  );

  app.put(
    "/imports/:id/mapping",
    {
      schema: {
        tags: ["imports"],
        summary: "Map the file's columns to fields (kept as the caller's last mapping) and check every row again",
        params: importIdParamsSchema,
        body: importMappingUpdateSchema,
        response: { 200: importSchema, ...problemResponses },
      },
      preParsing: checkRecord(importIdParamsSchema, async (request, params) => mayImport(request, (await findImport(db(), request, params.id)).entity)),
    },
    async (request) => {
      const found = await findImport(db(), request, request.params.id);
      assertMapping(found.entity, found.header, request.body.mapping);
      const record = await changeMapping(db(), found, request.body.mapping);
      await rememberMapping(db(), request.user, record.entity, record.mapping);
      return importView(record, await currentRows(db(), request, record));
    },
  );

  app.post(
    "/imports/:id/commit",
    {
      schema: {
        tags: ["imports"],
        summary: "Import the checked rows in one transaction: the valid ones (valid_rows), or all or none (all_or_nothing: 409 naming the rows' errors when any is invalid)",
        params: importIdParamsSchema,
        body: importCommitSchema,
        response: { 200: importSchema, ...problemResponses },
      },
      preParsing: checkRecord(importIdParamsSchema, async (request, params) => mayImport(request, (await findImport(db(), request, params.id)).entity)),
    },
    async (request) => {
      const found = await findImport(db(), request, request.params.id);
      assertMapping(found.entity, found.header, found.mapping);
      const record = await commitImport(db(), request, found, request.body.mode);
      await rememberMapping(db(), request.user, record.entity, record.mapping);
      return importView(record, await currentRows(db(), request, record));
    },
  );
}
