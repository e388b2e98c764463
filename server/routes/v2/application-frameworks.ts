import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { frameworkByKey } from "../../../domain/frameworks";
import { applicationIdParamsSchema } from "../../../domain/entities/application";
import {
  applicationFrameworkListSchema,
  applicationFrameworkParamsSchema,
  applicationFrameworkSchema,
  applicationFrameworkSettingSchema,
} from "../../../domain/entities/framework";
import { findApplication } from "../../applications/store";
import { applicationFrameworks, setApplicationFramework } from "../../frameworks/settings";
import { checkRecord } from "../../plugins/ability";
import { notFound, problemResponses } from "../../plugins/problem";

const EDIT_FORBIDDEN = "Only contributors and Administrators change which frameworks apply to an application.";

/** Which frameworks apply to an application, and its own overrides. */
export default async function applicationFrameworkRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = () => root.db;

  app.get(
    "/applications/:id/frameworks",
    {
      schema: {
        tags: ["frameworks"],
        summary: "The frameworks for this application: whether each applies, by default or by override, and its progress",
        params: applicationIdParamsSchema,
        response: { 200: applicationFrameworkListSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { row } = await findApplication(db(), request, request.params.id);
      const items = await applicationFrameworks(db(), row);
      return { items, total: items.length };
    },
  );

  app.put(
    "/applications/:id/frameworks/:frameworkId/setting",
    {
      schema: {
        tags: ["frameworks"],
        summary: "Turn a framework on or off for this application; turning off one that applies by default needs a reason",
        params: applicationFrameworkParamsSchema,
        body: applicationFrameworkSettingSchema,
        response: { 200: applicationFrameworkSchema, ...problemResponses },
      },
      preParsing: checkRecord(applicationFrameworkParamsSchema, (request, params) => findApplication(db(), request, params.id, "update", EDIT_FORBIDDEN)),
    },
    async (request) => {
      const { row } = await findApplication(db(), request, request.params.id, "update", EDIT_FORBIDDEN);
      const framework = frameworkByKey(request.params.frameworkId);
      if (!framework) throw notFound("Framework");
      await setApplicationFramework(db(), request.user, row, framework, request.body);
      return (await applicationFrameworks(db(), row)).find((f) => f.framework_id === framework.id)!;
    },
  );
}
