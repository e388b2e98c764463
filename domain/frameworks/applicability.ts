import { CONTROLS } from "./controls";
import type { Control, ControlStatus, Framework, FrameworkScope, RiskTier } from "./types";

/**
 * The questionnaire answers a scope can read (by question id). A minimal
 * structural type, so any details object (validated or a live form draft) fits;
 * unanswered questions may be null or absent.
 */
export interface ScopeDetails {
  intended_users?: readonly string[] | null;
  ai_type?: string | null;
  high_risk_areas?: readonly string[] | null;
  decisions_about_people?: string | null;
  uses_foundation_model?: boolean | null;
  profiles_people?: boolean | null;
  internet_facing?: boolean | null;
  processes_untrusted_input?: boolean | null;
  generated_content_shown_to_users?: boolean | null;
  output_relied_on_without_review?: boolean | null;
}

/** Evaluates a scope rule. Leaf rules are false when their question is unanswered. */
export function scopeMatches(scope: FrameworkScope, details: ScopeDetails | null | undefined): boolean {
  const d = details ?? {};
  if ("always" in scope) return true;
  if ("any" in scope) return scope.any.some((s) => scopeMatches(s, d));
  if ("all" in scope) return scope.all.every((s) => scopeMatches(s, d));
  if ("high_risk_areas_includes" in scope) return (d.high_risk_areas ?? []).includes(scope.high_risk_areas_includes);
  if ("intended_users_includes" in scope) return (d.intended_users ?? []).includes(scope.intended_users_includes);
  if ("decisions_about_people_not" in scope) {
    return d.decisions_about_people != null && d.decisions_about_people !== scope.decisions_about_people_not;
  }
  if ("ai_type_is" in scope) return d.ai_type === scope.ai_type_is;
  return d[scope.flag] === true;
}

/** Whether a framework's scope covers an application with these answers. */
export function frameworkApplies(framework: Pick<Framework, "scope">, details: ScopeDetails | null | undefined): boolean {
  return scopeMatches(framework.scope, details);
}

/** The frameworks (of those given) whose scope covers the answers, in the given order. */
export function applicableFrameworks<F extends Pick<Framework, "scope">>(frameworks: readonly F[], details: ScopeDetails | null | undefined): F[] {
  return frameworks.filter((f) => frameworkApplies(f, details));
}

/**
 * Controls an application of `tier` needs under `frameworks`: those whose tiers include
 * the tier and that map to at least one requirement of those frameworks binding at that
 * tier (a requirement without applies_to_tiers binds every tier). Each result's
 * requirement_ids is limited to those requirements. No tier yet (null) means none.
 */
export function applicableControls(
  frameworks: readonly Framework[],
  tier: RiskTier | null | undefined,
  catalogue: readonly Control[] = CONTROLS,
): Control[] {
  if (!tier) return [];
  const binding = new Set<string>();
  for (const f of frameworks) {
    for (const r of f.requirements) {
      if (!r.applies_to_tiers || r.applies_to_tiers.includes(tier)) binding.add(r.id);
    }
  }
  const result: Control[] = [];
  for (const c of catalogue) {
    if (!c.tiers.includes(tier)) continue;
    const ids = c.requirement_ids.filter((id) => binding.has(id));
    if (ids.length > 0) result.push({ ...c, requirement_ids: ids });
  }
  return result;
}

export interface ComplianceCounts {
  /** Controls that apply to the application (every status counts). */
  applicable: number;
  implemented: number;
  not_applicable: number;
  in_progress: number;
  not_started: number;
}

export function complianceCounts(statuses: readonly ControlStatus[]): ComplianceCounts {
  const counts: ComplianceCounts = { applicable: statuses.length, implemented: 0, not_applicable: 0, in_progress: 0, not_started: 0 };
  for (const s of statuses) counts[s] += 1;
  return counts;
}

/**
 * Share of applicable controls that are done: (implemented + not_applicable) / applicable,
 * a number from 0 to 1; 0 when nothing applies. The server computes the same in SQL.
 */
export function complianceProgress(statuses: readonly ControlStatus[]): number {
  const c = complianceCounts(statuses);
  return c.applicable === 0 ? 0 : (c.implemented + c.not_applicable) / c.applicable;
}
