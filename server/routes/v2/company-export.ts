import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { Readable } from "node:stream";
import { z } from "zod";
import { companyExportQuerySchema, companyExportSchema, companyImportResultSchema, type ExportedFile } from "../../../domain/company/export-format";
import { EXPORT_ENTRY, fileEntryName, readArchive, writeArchive, type ArchiveEntry } from "../../company-export/archive";
import { exportDocument, fileBytes, type FileSource } from "../../company-export/export";
import { importCompany } from "../../company-export/import";
import { contentDisposition } from "../../uploads/document-store";
import { assertCan } from "../../plugins/ability";
import { badRequest, problemResponses } from "../../plugins/problem";

/** The largest export an import takes (JSON or .zip, files included). */
const IMPORT_MAX_BYTES = 512 * 1024 * 1024;

/** The company's records as one file, and back: the backup and the way out of Steward. Administrators only. */
export default async function companyExportRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  app.addHook("preParsing", async (request) => {
    assertCan(request, "manage", "Company", "Only an Administrator can export or import the company's records.");
  });
  // A .zip export comes back as its bytes; JSON goes through the usual parser (with this route's larger limit).
  app.addContentTypeParser("application/zip", { parseAs: "buffer", bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.get(
    "/company/export",
    {
      config: { features: ["data-export"] },
      schema: {
        tags: ["company"],
        summary: "Every record of the company as versioned JSON, files referenced by SHA-256; files=include: a .zip with the files' bytes",
        description: "The format is described in domain/company/export-format.ts. Sign-in credentials and secrets sealed with this installation's keys are never exported.",
        querystring: companyExportQuerySchema,
        response: { 200: z.any().describe("The export document, or the .zip"), ...problemResponses },
      },
    },
    async (request, reply) => {
      const companyId = request.user.companyId;
      const day = new Date().toISOString().slice(0, 10);
      const files: Array<ExportedFile & { source: FileSource }> = [];
      const document = exportDocument(db(), root.storage, companyId, (file) => files.push(file));
      const onError = (error: Error) => request.log.error({ err: error }, "company export failed");
      reply.header("X-Content-Type-Options", "nosniff").header("Cache-Control", "private, no-store");
      if (request.query.files === "reference") {
        const stream = Readable.from(document);
        stream.on("error", onError);
        return reply.type("application/json; charset=utf-8").header("Content-Disposition", contentDisposition(`steward-export-${day}.json`)).send(stream);
      }
      const first: ArchiveEntry = { name: EXPORT_ENTRY, chunks: async () => (async function* () {
        for await (const text of document) yield Buffer.from(text);
      })() };
      const rest = () => files.map((f): ArchiveEntry => ({ name: fileEntryName(f.sha256), chunks: async () => (await fileBytes(db(), root.storage, f.source)) ?? [] }));
      return reply.type("application/zip").header("Content-Disposition", contentDisposition(`steward-export-${day}.zip`)).send(writeArchive(first, rest, onError));
    },
  );

  app.post(
    "/company/import",
    {
      bodyLimit: IMPORT_MAX_BYTES,
      schema: {
        tags: ["company"],
        summary: "Import an export (its JSON, or its .zip with the files) into this company, which must hold no records yet",
        description:
          "Only one of the export's Administrators (by e-mail) imports it. Every record comes back under its own id in one transaction; " +
          "records already present in this database are a 409. Send `application/json` or `application/zip`.",
        body: z.any().describe("The export document, or the .zip holding it"),
        response: { 200: companyImportResultSchema, ...problemResponses, 413: problemResponses[400] },
      },
    },
    async (request) => {
      const archive = Buffer.isBuffer(request.body) ? readArchive(request.body) : { document: request.body, files: null };
      const parsed = companyExportSchema.safeParse(archive.document);
      if (!parsed.success) {
        throw badRequest(
          "This is not a Steward company export that can be imported.",
          parsed.error.issues.slice(0, 20).map((i) => ({ path: i.path.join("."), message: i.message })),
        );
      }
      return importCompany(db(), root.storage, request.user, parsed.data, archive.files, { localIdentity: root.config.identityMode === "local" });
    },
  );
}
