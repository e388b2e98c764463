import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { and, eq } from "drizzle-orm";
import { applicableControls, frameworkApplies, frameworkByKey, FRAMEWORKS } from "../../../domain/frameworks";
import { applicationIdParamsSchema } from "../../../domain/entities/application";
import {
  applicationFrameworkListSchema,
  applicationFrameworkParamsSchema,
  applicationFrameworkSchema,
  applicationFrameworkSettingSchema,
  CONTROL_ERRORS,
  type ApplicationFramework,
} from "../../../domain/entities/framework";
import { findApplication, type ApplicationRow } from "../../applications/store";
import { actorOf, recordAudit } from "../../audit/record";
import type { Db } from "../../db/client";
import { applicationFrameworkSettings } from "../../db/schema";
import { applicationOverrides, companySettings, countProgress, emptyProgress, frameworkAppliesTo } from "../../frameworks/compliance";
import { asCompliance } from "../../frameworks/controls";
import { checkRecord } from "../../plugins/ability";
import { badRequest, notFound, problemResponses } from "../../plugins/problem";

const EDIT_FORBIDDEN = "Only contributors and Administrators change which frameworks apply to an application.";

/** Every framework as it stands for one application, with progress where it applies. */
async function applicationFrameworks(db: Db, row: ApplicationRow): Promise<ApplicationFramework[]> {
  const application = asCompliance(row);
  const [settings, overrides] = await Promise.all([companySettings(db, row.companyId), applicationOverrides(db, [row.id])]);
  const own = overrides.get(row.id);
  const applying = FRAMEWORKS.filter((f) => frameworkAppliesTo(f, application, settings, own));
  const progress = await countProgress(
    db,
    row.companyId,
    applying.flatMap((f) => applicableControls([f], row.riskTier).map((c) => ({ group: f.id, applicationId: row.id, controlId: c.id }))),
  );
  return FRAMEWORKS.map((f) => {
    const override = own?.get(f.id);
    return {
      framework_id: f.id,
      name: f.name,
      short_name: f.short_name,
      status: f.status,
      company_enabled: settings.get(f.id)!.enabled,
      applies_by_default: frameworkApplies(f, row.details),
      override: override ? override.enabled : null,
      reason: override?.reason ?? null,
      applies: applying.includes(f),
      progress: progress.get(f.id) ?? emptyProgress(),
    };
  });
}

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
      const { enabled } = request.body;
      const reason = request.body.reason || null;
      const byDefault = frameworkApplies(framework, row.details);
      if (!enabled && byDefault && !reason) {
        throw badRequest("Say why a framework that applies by default is turned off.", [{ path: "reason", message: CONTROL_ERRORS.reason }]);
      }
      const where = and(eq(applicationFrameworkSettings.applicationId, row.id), eq(applicationFrameworkSettings.frameworkId, framework.id));
      const [before] = await db().select().from(applicationFrameworkSettings).where(where);
      const user = request.user;
      await db().transaction(async (tx) => {
        if (enabled === byDefault) {
          // Back to the default: no override, so later changes to the answers steer it again.
          await tx.delete(applicationFrameworkSettings).where(where);
        } else {
          const values = { enabled, reason: enabled ? null : reason, updatedBy: user.actor === "user" ? user.id : null, updatedAt: new Date() };
          await tx
            .insert(applicationFrameworkSettings)
            .values({ companyId: user.companyId, applicationId: row.id, frameworkId: framework.id, ...values })
            .onConflictDoUpdate({ target: [applicationFrameworkSettings.applicationId, applicationFrameworkSettings.frameworkId], set: values });
        }
        await recordAudit(tx, actorOf(user), {
          entityType: "application",
          entityId: row.id,
          action: "framework.setting_changed",
          before: { framework_id: framework.id, enabled: before ? before.enabled : byDefault, reason: before?.reason ?? null },
          after: { framework_id: framework.id, enabled, reason: enabled ? null : reason },
        });
      });
      return (await applicationFrameworks(db(), row)).find((f) => f.framework_id === framework.id)!;
    },
  );
}
