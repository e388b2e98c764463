import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { frameworkByKey, type Framework } from "../../../domain/frameworks";
import {
  FRAMEWORK_APPLICATION_SORT_KEYS,
  frameworkApplicationListQuerySchema,
  frameworkApplicationListResponseSchema,
  frameworkDetailSchema,
  frameworkListQuerySchema,
  frameworkListResponseSchema,
  frameworkParamsSchema,
  frameworkSettingResponseSchema,
  frameworkSettingSchema,
  type FrameworkSummary,
} from "../../../domain/entities/framework";
import { pageOf } from "../../db/list";
import { frameworkControls, frameworkDetail, frameworkRequirements, frameworkSummaries, readableScope } from "../../frameworks/readable";
import { frameworkApplicationsPage } from "../../frameworks/summary/reads";
import { REQUIREMENT_EXPORT_COLUMNS } from "../../frameworks/export-columns";
import { asDownload, listExportRoute, oneBatch, streamedWorkbook } from "../../exports/route";
import { findCompany, findLogo } from "../../company/store";
import { LANGUAGES, languageOf, textsFor } from "../../i18n/texts";
import { compliancePdf } from "../../reports/compliance/compliance-pdf";
import { complianceSheets } from "../../reports/compliance/compliance-sheets";
import { complianceReport } from "../../reports/compliance/model";
import { fileNamePart } from "../../testing/reports/file-name";
import { PDF, XLSX } from "../../../domain/entities/document";
import { todayIso } from "../../../domain/entities/framework";
import { setCompanyFramework } from "../../frameworks/settings";
import { assertCan } from "../../plugins/ability";
import { notFound, problemResponses } from "../../plugins/problem";
import { catalogJson } from "../../frameworks/oscal";
import { FRAMEWORK_SHEET_COLUMNS, frameworkSheetRows } from "../../frameworks/oscal/sheet";

const complianceReportQuerySchema = z.strictObject({
  format: z.enum(["pdf", "xlsx"]),
  lang: z.enum(LANGUAGES).optional().describe("The report's language; by default Accept-Language's, else the caller's, else en"),
});

const frameworkExportQuerySchema = z.strictObject({
  format: z.enum(["oscal", "xlsx"]).describe("oscal: an OSCAL 1.1.2 catalog (JSON); xlsx: a row per requirement"),
  lang: z.enum(LANGUAGES).optional().describe("The workbook's headers' language; by default Accept-Language's, else the caller's, else en"),
});

const READ_FORBIDDEN = "Frameworks are for Administrators and reviewers with company-level access.";
const SETTING_FORBIDDEN = "Only Administrators enable or disable frameworks for the company.";

function findFramework(id: string): Framework {
  const framework = frameworkByKey(id);
  if (!framework) throw notFound("Framework");
  return framework;
}

function matches(f: FrameworkSummary, q: string | undefined) {
  if (!q) return true;
  const needle = q.toLowerCase();
  return [f.name, f.short_name, f.jurisdiction].some((v) => v.toLowerCase().includes(needle));
}

/** The regulation library as a company sees it: settings and progress. */
export default async function frameworkRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  app.get(
    "/frameworks",
    {
      schema: {
        tags: ["frameworks"],
        summary: "The frameworks with the company's setting and progress over the applications the caller reads",
        querystring: frameworkListQuerySchema,
        response: { 200: frameworkListResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      assertCan(request, "read", "Framework", READ_FORBIDDEN);
      const { q, status, enabled, sort, page, page_size } = request.query;
      let items = (await frameworkSummaries(db(), request)).filter(
        (f) => matches(f, q) && (status === undefined || f.status === status) && (enabled === undefined || f.enabled === enabled),
      );
      if (sort) {
        const key = sort.replace(/^-/, "") as "name" | "status";
        const direction = sort.startsWith("-") ? -1 : 1;
        items = [...items].sort((a, b) => a[key].localeCompare(b[key]) * direction);
      }
      // The library is small and fixed, merged with the company's settings in memory: paged here, counted exactly.
      const { limit, offset } = pageOf({ page, page_size });
      return { items: items.slice(offset, offset + limit), total: items.length };
    },
  );

  app.get(
    "/frameworks/:id",
    {
      schema: {
        tags: ["frameworks"],
        summary: "One framework: its requirements with their mapped controls, and progress per application",
        params: frameworkParamsSchema,
        response: { 200: frameworkDetailSchema, ...problemResponses },
      },
    },
    async (request) => {
      assertCan(request, "read", "Framework", READ_FORBIDDEN);
      return frameworkDetail(db(), request, findFramework(request.params.id));
    },
  );

  app.get(
    "/frameworks/:id/applications",
    {
      schema: {
        tags: ["frameworks"],
        summary: "The applications (of those the caller reads) a framework applies to, each with its progress under it: paged",
        params: frameworkParamsSchema,
        querystring: frameworkApplicationListQuerySchema,
        response: { 200: frameworkApplicationListResponseSchema, ...problemResponses },
      },
    },
    async (request) => {
      assertCan(request, "read", "Framework", READ_FORBIDDEN);
      const framework = findFramework(request.params.id);
      const { sort, q } = request.query;
      const key = (sort?.replace(/^-/, "") ?? "name") as (typeof FRAMEWORK_APPLICATION_SORT_KEYS)[number];
      return frameworkApplicationsPage(db(), request.user.companyId, readableScope(request), framework.id, {
        ...pageOf(request.query),
        sort: key,
        descending: sort?.startsWith("-") ?? false,
        q,
      });
    },
  );

  listExportRoute(root, {
    url: "/frameworks/:id/requirements/export",
    tags: ["frameworks"],
    what: "A framework's requirements, each with the controls mapped to it",
    params: frameworkParamsSchema,
    querystring: z.strictObject({}),
    columns: REQUIREMENT_EXPORT_COLUMNS,
    title: "reports.columns.requirements.title",
    preParsing: async (request) => assertCan(request, "read", "Framework", READ_FORBIDDEN),
    source: (request) => {
      const framework = findFramework((request.params as { id: string }).id);
      const mapped = new Map(frameworkControls(framework).map((c) => [c.id, c]));
      const rows = frameworkRequirements(framework).map((requirement) => ({ requirement, controls: requirement.control_ids.flatMap((id) => mapped.get(id) ?? []) }));
      return { name: `${framework.short_name}-requirements`, rows: oneBatch(rows) };
    },
  });

  app.get(
    "/frameworks/:id/compliance-report",
    {
      config: { features: ["data-export"] },
      schema: {
        tags: ["frameworks"],
        summary:
          "A framework's compliance report as PDF or .xlsx: each requirement with its mapped controls and, across the applications in scope the caller reads, how many have each implemented, not applicable or missing; then the gaps",
        params: frameworkParamsSchema,
        querystring: complianceReportQuerySchema,
        response: { 200: z.any().describe("The PDF or the workbook"), ...problemResponses },
      },
      preParsing: async (request) => assertCan(request, "read", "Framework", READ_FORBIDDEN),
    },
    async (request, reply) => {
      const framework = findFramework(request.params.id);
      const language = languageOf(request, request.query.lang);
      const t = textsFor(language);
      const report = await complianceReport(db(), request, framework, todayIso());
      const name = `${fileNamePart(framework.short_name)}-compliance-${new Date().toISOString().slice(0, 10)}.${request.query.format}`;
      if (request.query.format === "xlsx") return asDownload(reply, XLSX, name, language).send(streamedWorkbook(request, complianceSheets(report, t), t));
      const [company, logo] = await Promise.all([findCompany(db(), request.user.companyId), findLogo(db(), request.user.companyId)]);
      const pdf = await compliancePdf(report, { t, companyName: company.name, logo: logo ? { contentType: logo.contentType, bytes: logo.bytes } : null, generatedAt: new Date() });
      return asDownload(reply, PDF, name, language).send(pdf);
    },
  );

  app.get(
    "/frameworks/:id/export",
    {
      config: { features: ["data-export"] },
      schema: {
        tags: ["frameworks"],
        summary:
          "A framework as an OSCAL 1.1.2 catalog (groups, controls with statement, label and sort-id, the Steward controls each maps to as Steward-namespaced props; the same bytes for the same library) or as .xlsx, a row per requirement",
        params: frameworkParamsSchema,
        querystring: frameworkExportQuerySchema,
        response: { 200: z.any().describe("The catalog (JSON) or the workbook"), ...problemResponses },
      },
      preParsing: async (request) => assertCan(request, "read", "Framework", READ_FORBIDDEN),
    },
    async (request, reply) => {
      const framework = findFramework(request.params.id);
      const language = languageOf(request, request.query.lang);
      const base = `${fileNamePart(framework.short_name)}-${framework.version}`;
      if (request.query.format === "oscal") return asDownload(reply, "application/json; charset=utf-8", `${base}-oscal-catalog.json`, language).send(catalogJson(framework));
      const t = textsFor(language);
      const sheet = { title: t("reports.columns.framework.sheet"), columns: FRAMEWORK_SHEET_COLUMNS, rows: oneBatch(frameworkSheetRows(framework)) };
      return asDownload(reply, XLSX, `${base}.xlsx`, language).send(streamedWorkbook(request, [sheet] as never, t));
    },
  );

  app.put(
    "/frameworks/:id/setting",
    {
      schema: {
        tags: ["frameworks"],
        summary: "Enable or disable a framework for the company (disabling hides its controls; evidence is kept)",
        params: frameworkParamsSchema,
        body: frameworkSettingSchema,
        response: { 200: frameworkSettingResponseSchema, ...problemResponses },
      },
      preParsing: async (request) => assertCan(request, "manage", "Framework", SETTING_FORBIDDEN),
    },
    async (request) => {
      assertCan(request, "manage", "Framework", SETTING_FORBIDDEN);
      const framework = findFramework(request.params.id);
      return setCompanyFramework(db(), request.user, framework, request.body);
    },
  );
}
