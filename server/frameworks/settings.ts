import { and, eq } from "drizzle-orm";
import { applicableControls, frameworkApplies, FRAMEWORKS, type Framework } from "../../domain/frameworks";
import { CONTROL_ERRORS, type ApplicationFramework } from "../../domain/entities/framework";
import type { ApplicationRow } from "../applications/row";
import { actorOf, recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { applicationFrameworkSettings, companyFrameworkSettings } from "../db/schema";
import type { CurrentUser } from "../identity/caller";
import { badRequest } from "../plugins/problem";
import { applicationOverrides, companySettings, countProgress, emptyProgress, frameworkAppliesTo } from "./compliance";
import { asCompliance } from "./controls";

/** Which frameworks apply, for the company and per application: the settings and their writes. */

/** Enables or disables a framework for the company (disabling hides its controls; evidence is kept); audited. Empty notes clear them. */
export async function setCompanyFramework(db: Db, user: CurrentUser, framework: Framework, input: { enabled: boolean; notes?: string | null }) {
  const before = (await companySettings(db, user.companyId)).get(framework.id)!;
  const notes = input.notes === undefined ? before.notes : input.notes || null;
  const values = { enabled: input.enabled, notes, updatedBy: user.actor === "user" ? user.id : null, updatedAt: new Date() };
  await db.transaction(async (tx) => {
    await tx
      .insert(companyFrameworkSettings)
      .values({ companyId: user.companyId, frameworkId: framework.id, ...values })
      .onConflictDoUpdate({ target: [companyFrameworkSettings.companyId, companyFrameworkSettings.frameworkId], set: values });
    await recordAudit(tx, actorOf(user), {
      entityType: "company",
      entityId: user.companyId,
      action: "framework.setting_changed",
      before: { framework_id: framework.id, ...before },
      after: { framework_id: framework.id, enabled: values.enabled, notes },
    });
  });
  return { framework_id: framework.id, enabled: values.enabled, notes };
}

/** Every framework as it stands for one application, with progress where it applies. */
export async function applicationFrameworks(db: Db, row: ApplicationRow): Promise<ApplicationFramework[]> {
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

/**
 * Turns a framework on or off for one application; audited. Back to what its answers give by default, the
 * override goes (later answers steer it again); turning off one that applies by default needs a reason.
 */
export async function setApplicationFramework(db: Db, user: CurrentUser, row: ApplicationRow, framework: Framework, input: { enabled: boolean; reason?: string | null }): Promise<void> {
  const { enabled } = input;
  const reason = input.reason || null;
  const byDefault = frameworkApplies(framework, row.details);
  if (!enabled && byDefault && !reason) {
    throw badRequest("Say why a framework that applies by default is turned off.", [{ path: "reason", message: CONTROL_ERRORS.reason }]);
  }
  const where = and(eq(applicationFrameworkSettings.applicationId, row.id), eq(applicationFrameworkSettings.frameworkId, framework.id));
  const [before] = await db.select().from(applicationFrameworkSettings).where(where);
  await db.transaction(async (tx) => {
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
}
