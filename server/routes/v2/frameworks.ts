import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { frameworkByKey, type Framework } from "../../../domain/frameworks";
import {
  frameworkDetailSchema,
  frameworkListQuerySchema,
  frameworkListResponseSchema,
  frameworkParamsSchema,
  frameworkSettingResponseSchema,
  frameworkSettingSchema,
  type FrameworkSummary,
} from "../../../domain/entities/framework";
import { pageOf } from "../../db/list";
import { frameworkControls, frameworkDetail, frameworkRequirements, frameworkSummaries } from "../../frameworks/readable";
import { REQUIREMENT_EXPORT_COLUMNS } from "../../frameworks/export-columns";
import { listExportRoute, oneBatch } from "../../exports/route";
import { setCompanyFramework } from "../../frameworks/settings";
import { assertCan } from "../../plugins/ability";
import { notFound, problemResponses } from "../../plugins/problem";

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
