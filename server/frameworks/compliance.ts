import { eq, inArray, sql } from "drizzle-orm";
import { applicableControls, frameworkApplies, FRAMEWORKS, type Control, type Framework, type RiskTier } from "../../domain/frameworks";
import type { Progress } from "../../domain/entities/framework";
import type { ApplicationDetails } from "../../domain/risk";
import { queryRows, type Db } from "../db/client";
import { applicationFrameworkSettings, companyFrameworkSettings } from "../db/schema";

/** The framework every company carries until it says otherwise (the EU AI Act applies to every company). */
export const DEFAULT_ENABLED = new Set(["eu-ai-act"]);

export interface CompanySetting {
  enabled: boolean;
  notes: string | null;
}

/** The company's setting per framework, defaults filled in. */
export async function companySettings(db: Db, companyId: string): Promise<Map<string, CompanySetting>> {
  const rows = await db.select().from(companyFrameworkSettings).where(eq(companyFrameworkSettings.companyId, companyId));
  const stored = new Map(rows.map((r) => [r.frameworkId, r]));
  return new Map(
    FRAMEWORKS.map((f) => {
      const row = stored.get(f.id);
      return [f.id, { enabled: row ? row.enabled : DEFAULT_ENABLED.has(f.id), notes: row?.notes ?? null }];
    }),
  );
}

export interface Override {
  enabled: boolean;
  reason: string | null;
}

/** Per application, its framework overrides (absent: it follows the framework's scope). */
export async function applicationOverrides(db: Db, applicationIds: readonly string[]): Promise<Map<string, Map<string, Override>>> {
  const result = new Map<string, Map<string, Override>>();
  if (applicationIds.length === 0) return result;
  const rows = await db.select().from(applicationFrameworkSettings).where(inArray(applicationFrameworkSettings.applicationId, [...applicationIds]));
  for (const r of rows) {
    const forApp = result.get(r.applicationId) ?? new Map<string, Override>();
    forApp.set(r.frameworkId, { enabled: r.enabled, reason: r.reason });
    result.set(r.applicationId, forApp);
  }
  return result;
}

/** What compliance needs of an application. */
export interface ComplianceApplication {
  id: string;
  name: string;
  riskTier: RiskTier | null;
  details: ApplicationDetails;
}

/** Whether a framework applies to an application: on for the company, and on for the application by its override or else its scope. */
export function frameworkAppliesTo(
  framework: Framework,
  application: ComplianceApplication,
  settings: Map<string, CompanySetting>,
  overrides: Map<string, Override> | undefined,
): boolean {
  if (!settings.get(framework.id)?.enabled) return false;
  const override = overrides?.get(framework.id);
  return override ? override.enabled : frameworkApplies(framework, application.details);
}

/** The frameworks that apply to the application, in library order. */
export function applyingFrameworks(application: ComplianceApplication, settings: Map<string, CompanySetting>, overrides: Map<string, Override> | undefined): Framework[] {
  return FRAMEWORKS.filter((f) => frameworkAppliesTo(f, application, settings, overrides));
}

/** The controls the application needs: those of its applying frameworks at its tier. */
export function controlsFor(application: ComplianceApplication, settings: Map<string, CompanySetting>, overrides: Map<string, Override> | undefined): Control[] {
  return applicableControls(applyingFrameworks(application, settings, overrides), application.riskTier);
}

/** One applicable control of one application, counted under `group` (an application id, a framework id, …). */
export interface ApplicablePair {
  group: string;
  applicationId: string;
  controlId: string;
}

export const emptyProgress = (): Progress => ({ applicable: 0, implemented: 0, not_applicable: 0, in_progress: 0, not_started: 0, progress: 0 });

/**
 * Progress per group for ONE application's controls (bounded by the library), counted in SQL: the applicable set
 * comes from the library (TS), the statuses from application_controls, where no row means not started.
 * progress = (implemented + not_applicable) ÷ applicable. Lists over many applications read the kept summary
 * (./summary) instead.
 */
export async function countProgress(db: Db, companyId: string, pairs: readonly ApplicablePair[]): Promise<Map<string, Progress>> {
  const result = new Map<string, Progress>();
  if (pairs.length === 0) return result;
  const values = sql.join(
    pairs.map((p) => sql`(${p.group}, ${p.applicationId}, ${p.controlId})`),
    sql`, `,
  );
  const query = sql`
    select v.grp as "group",
      count(*)::int as applicable,
      count(*) filter (where ac.status = 'implemented')::int as implemented,
      count(*) filter (where ac.status = 'not_applicable')::int as not_applicable,
      count(*) filter (where ac.status = 'in_progress')::int as in_progress,
      coalesce((count(*) filter (where ac.status in ('implemented', 'not_applicable')))::float8 / nullif(count(*), 0), 0)::float8 as progress
    from (values ${values}) as v(grp, application_id, control_id)
    left join application_controls ac
      on ac.application_id = v.application_id::uuid and ac.control_id = v.control_id and ac.company_id = ${companyId}::uuid
    group by v.grp`;
  for (const r of await queryRows(db, query)) {
    const applicable = Number(r.applicable);
    const implemented = Number(r.implemented);
    const notApplicable = Number(r.not_applicable);
    const inProgress = Number(r.in_progress);
    result.set(String(r.group), {
      applicable,
      implemented,
      not_applicable: notApplicable,
      in_progress: inProgress,
      not_started: applicable - implemented - notApplicable - inProgress,
      progress: Number(r.progress),
    });
  }
  return result;
}
