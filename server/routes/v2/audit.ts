import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditExportQuerySchema, auditFacetsSchema, auditListQuerySchema, auditListResponseSchema, chainVerdictSchema } from "../../../domain/entities/audit";
import { auditTable, exportStream, sheetName } from "../../audit/export";
import { auditEntries, auditFacets, listAudit } from "../../audit/store";
import { verifyChain } from "../../audit/verify";
import { contentDisposition } from "../../uploads/document-store";
import { assertCan } from "../../plugins/ability";
import { problemResponses } from "../../plugins/problem";

/** Admin → Audit log: the company's audit trail, its export and the check of its hash chain. Administrators only. */
export default async function auditRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  app.addHook("preParsing", async (request) => {
    assertCan(request, "read", "AuditLog", "Only an Administrator can read the audit log.");
  });

  app.get(
    "/audit",
    {
      schema: {
        tags: ["audit"],
        summary: "The company's audit entries, newest first, filtered by actor, record, action and time (from inclusive, to exclusive)",
        querystring: auditListQuerySchema,
        response: { 200: auditListResponseSchema, ...problemResponses },
      },
    },
    async (request) => listAudit(db(), request.user.companyId, request.query),
  );

  app.get(
    "/audit/export",
    {
      config: { features: ["data-export"] },
      schema: {
        tags: ["audit"],
        summary: "Every audit entry the list's filters select, in its order, as CSV (UTF-8 with BOM) or an .xlsx workbook, streamed",
        description: "Takes the query parameters of GET /audit (without paging) and `format=csv|xlsx`. Headers are in the caller's language.",
        querystring: auditExportQuerySchema,
        response: { 200: z.any().describe("The CSV file or the workbook"), ...problemResponses },
      },
    },
    async (request, reply) => {
      const { format, sort, ...filter } = request.query;
      const language = request.user.language;
      const table = auditTable(auditEntries(db(), request.user.companyId, filter, sort), language);
      const { contentType, stream } = exportStream(format, table, sheetName(language), (error) => request.log.error({ err: error }, "audit export failed"));
      const fileName = `audit-log-${new Date().toISOString().slice(0, 10)}.${format}`;
      return reply
        .type(contentType)
        .header("Content-Disposition", contentDisposition(fileName))
        .header("X-Content-Type-Options", "nosniff")
        .header("Cache-Control", "private, no-store")
        .send(stream);
    },
  );

  app.get(
    "/audit/facets",
    {
      schema: {
        tags: ["audit"],
        summary: "The record types and actions the company's audit trail holds (what the filters can choose)",
        response: { 200: auditFacetsSchema, ...problemResponses },
      },
    },
    async (request) => auditFacets(db(), request.user.companyId),
  );

  app.get(
    "/audit/verify",
    {
      schema: {
        tags: ["audit"],
        summary: "Walk the company's hash chain from its first entry and recompute every hash",
        description:
          "Hashes are HMAC-SHA256 under the server's AUDIT_CHAIN_KEY. Answers `{ ok: true, entries, head }` (head: the newest entry's hash, null when there is none) or " +
          "`{ ok: false, entries, broken_at, broken_seq, reason }` naming the first entry that breaks the chain, its place and why: `missing_hash` (blanked), " +
          "`unlinked` (not linked to the hash before it, or not in its place), `changed` (no longer matches its hash, or the key differs), `unkeyed` (unkeyed where the chain is keyed). `entries` is how many entries the trail holds. The removal of the newest entries " +
          "cannot show in the chain itself: keep the head somewhere else and compare.",
        response: { 200: chainVerdictSchema, ...problemResponses },
      },
    },
    async (request) => verifyChain(db(), request.user.companyId),
  );
}
