import type { FastifyRequest } from "fastify";
import { CONTROLS, FRAMEWORKS, controlsForRequirement, type Framework } from "../../domain/frameworks";
import type { FrameworkDetail, FrameworkRequirement, FrameworkSummary } from "../../domain/entities/framework";
import { scopeOf } from "../access/scope";
import type { Db } from "../db/client";
import { applicationCompliance } from "../db/schema";
import { companySettings, emptyProgress, type CompanySetting } from "./compliance";
import { frameworkStandings, type FrameworkStanding } from "./summary/reads";

/** Controls of the catalogue mapped to a framework, their requirement ids limited to it. */
export function frameworkControls(framework: Framework) {
  const ids = new Set(framework.requirements.map((r) => r.id));
  return CONTROLS.map((c) => ({ ...c, requirement_ids: c.requirement_ids.filter((id) => ids.has(id)) })).filter((c) => c.requirement_ids.length > 0);
}

function toSummary(framework: Framework, setting: CompanySetting, standing: FrameworkStanding | undefined): FrameworkSummary {
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
    application_count: standing?.applicationCount ?? 0,
    progress: standing?.progress ?? emptyProgress(),
  };
}

/**
 * The caller's reach over applications (the same rules as the applications list), as a condition on the compliance
 * summary's rows, each standing for its application: reads of the summary need not join the applications for it.
 */
export const readableScope = (request: FastifyRequest) =>
  scopeOf(request.ability, "read", "Application", { companyId: applicationCompliance.companyId, id: applicationCompliance.applicationId });

/** Every framework with the company's setting and its progress over the readable applications: one grouped query. */
export async function frameworkSummaries(db: Db, request: FastifyRequest): Promise<FrameworkSummary[]> {
  const companyId = request.user.companyId;
  const [settings, standings] = await Promise.all([companySettings(db, companyId), frameworkStandings(db, companyId, readableScope(request))]);
  return FRAMEWORKS.map((f) => toSummary(f, settings.get(f.id)!, standings.get(f.id)));
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

/** One framework: requirements with their controls, and its progress over the readable applications it applies to. */
export async function frameworkDetail(db: Db, request: FastifyRequest, framework: Framework): Promise<FrameworkDetail> {
  const companyId = request.user.companyId;
  const [settings, standings] = await Promise.all([companySettings(db, companyId), frameworkStandings(db, companyId, readableScope(request), framework.id)]);
  return {
    ...toSummary(framework, settings.get(framework.id)!, standings.get(framework.id)),
    requirements: frameworkRequirements(framework),
    controls: frameworkControls(framework),
  };
}
