import type { FastifyRequest } from "fastify";
import { and, asc, eq } from "drizzle-orm";
import { CONTROLS, FRAMEWORKS, controlsForRequirement, type Framework } from "../../domain/frameworks";
import type { FrameworkDetail, FrameworkRequirement, FrameworkSummary, Progress } from "../../domain/entities/framework";
import { scopeOf } from "../access/scope";
import type { Db } from "../db/client";
import { applications } from "../db/schema";
import {
  applicationOverrides,
  companySettings,
  countProgress,
  emptyProgress,
  frameworkPairs,
  type ApplicablePair,
  type CompanySetting,
  type ComplianceApplication,
} from "./compliance";

/** The applications the caller may read (by the same rules as the applications list): a company's progress covers only those. */
export async function readableApplications(db: Db, request: FastifyRequest): Promise<ComplianceApplication[]> {
  const rows = await db
    .select({ id: applications.id, name: applications.name, riskTier: applications.riskTier, details: applications.details })
    .from(applications)
    .where(and(eq(applications.companyId, request.user.companyId), scopeOf(request.ability, "read", "Application", applications)))
    .orderBy(asc(applications.name));
  return rows;
}

/** Controls of the catalogue mapped to a framework, their requirement ids limited to it. */
export function frameworkControls(framework: Framework) {
  const ids = new Set(framework.requirements.map((r) => r.id));
  return CONTROLS.map((c) => ({ ...c, requirement_ids: c.requirement_ids.filter((id) => ids.has(id)) })).filter((c) => c.requirement_ids.length > 0);
}

function toSummary(framework: Framework, setting: CompanySetting, applicationCount: number, progress: Progress): FrameworkSummary {
  return {
    id: framework.id,
    key: framework.key,
    name: framework.name,
    short_name: framework.short_name,
    jurisdiction: framework.jurisdiction,
    status: framework.status,
    key_dates: framework.key_dates,
    summary: framework.summary,
    version: framework.version,
    scope_note: framework.scope_note,
    enabled: setting.enabled,
    notes: setting.notes,
    requirement_count: framework.requirements.length,
    control_count: frameworkControls(framework).length,
    application_count: applicationCount,
    progress,
  };
}

/** Every framework with the company's setting and its progress over the readable applications. */
export async function frameworkSummaries(db: Db, request: FastifyRequest): Promise<FrameworkSummary[]> {
  const companyId = request.user.companyId;
  const [settings, apps] = await Promise.all([companySettings(db, companyId), readableApplications(db, request)]);
  const overrides = await applicationOverrides(
    db,
    apps.map((a) => a.id),
  );
  const pairs: ApplicablePair[] = [];
  const counts = new Map<string, number>();
  for (const f of FRAMEWORKS) {
    const found = frameworkPairs(f, apps, settings, overrides, () => f.id);
    pairs.push(...found.pairs);
    counts.set(f.id, found.applying.length);
  }
  const progress = await countProgress(db, companyId, pairs);
  return FRAMEWORKS.map((f) => toSummary(f, settings.get(f.id)!, counts.get(f.id) ?? 0, progress.get(f.id) ?? emptyProgress()));
}

/** A framework's requirements as the API names them, in library order, each naming its mapped controls. */
export function frameworkRequirements(framework: Framework): FrameworkRequirement[] {
  return framework.requirements.map((r) => ({
    id: r.id,
    ref: r.ref,
    group: r.group,
    subgroup: r.subgroup ?? null,
    subgroup_title: r.subgroup_title ?? null,
    title: r.title,
    summary: r.summary,
    applies_to_tiers: r.applies_to_tiers ?? null,
    applies_from: r.applies_from ?? null,
    control_ids: controlsForRequirement(r.id).map((c) => c.id),
  }));
}

/** One framework: requirements with their controls, and progress per readable application it applies to. */
export async function frameworkDetail(db: Db, request: FastifyRequest, framework: Framework): Promise<FrameworkDetail> {
  const companyId = request.user.companyId;
  const [settings, apps] = await Promise.all([companySettings(db, companyId), readableApplications(db, request)]);
  const overrides = await applicationOverrides(
    db,
    apps.map((a) => a.id),
  );
  const { pairs, applying } = frameworkPairs(framework, apps, settings, overrides, (a) => a.id);
  const total = await countProgress(
    db,
    companyId,
    pairs.map((p) => ({ ...p, group: "total" })),
  );
  const perApp = await countProgress(db, companyId, pairs);
  return {
    ...toSummary(framework, settings.get(framework.id)!, applying.length, total.get("total") ?? emptyProgress()),
    requirements: frameworkRequirements(framework),
    controls: frameworkControls(framework),
    applications: applying.map((a) => ({
      id: a.id,
      name: a.name,
      risk_tier: a.riskTier,
      // An application without a tier has no applicable controls yet: nothing counted, progress 0.
      ...(perApp.get(a.id) ?? emptyProgress()),
    })),
  };
}
