import { createHash } from "node:crypto";
import { applicableControls, FRAMEWORKS, RISK_TIERS } from "../../../domain/frameworks";
import { DEFAULT_ENABLED } from "../compliance";
import { literal, scopeSql } from "./scope-sql";

/** The framework id of the summary row that counts each applicable control of an application once, across frameworks. */
export const ACROSS_FRAMEWORKS = "*";

/**
 * The library as SQL constants: every framework with whether a company has it on by default, and for each
 * framework and tier the controls an application of that tier needs under it (applicableControls, the domain's
 * rule). Bounded by the library, not the inventory.
 */
function frameworksValues(): string {
  return FRAMEWORKS.map((f) => `(${literal(f.id)}, ${DEFAULT_ENABLED.has(f.id)})`).join(", ");
}

function libraryValues(): string {
  const rows = FRAMEWORKS.flatMap((f) => RISK_TIERS.flatMap((tier) => applicableControls([f], tier).map((c) => `(${literal(f.id)}, ${literal(tier)}, ${literal(c.id)})`)));
  return rows.join(",\n      ");
}

/** Whether the scope of `frameworkId` (a column) covers `details` (a jsonb column), per framework. */
function scopeCase(frameworkId: string, details: string): string {
  const arms = FRAMEWORKS.map((f) => `when ${literal(f.id)} then ${scopeSql(f.scope, details)}`).join("\n        ");
  return `case ${frameworkId}\n        ${arms}\n        else false end`;
}

/**
 * One statement pair recomputing the summary rows of the applications `apps` selects (a condition on
 * `a`, the applications of company p_company): delete theirs, then insert from the library, the company's and
 * applications' framework settings, and application_controls (no row: not started).
 */
function recomputeBody(apps: string): string {
  return `
  delete from application_compliance c using applications a
   where c.application_id = a.id and a.company_id = p_company and c.company_id = p_company and ${apps};
  with frameworks(framework_id, default_enabled) as (values ${frameworksValues()}),
  library(framework_id, tier, control_id) as (values
      ${libraryValues()}),
  applying as (
    select a.id as application_id, a.risk_tier, f.framework_id
      from applications a
      cross join frameworks f
      left join company_framework_settings cs on cs.company_id = p_company and cs.framework_id = f.framework_id
      left join application_framework_settings o on o.application_id = a.id and o.framework_id = f.framework_id
     where a.company_id = p_company and ${apps}
       and coalesce(cs.enabled, f.default_enabled)
       and coalesce(o.enabled, ${scopeCase("f.framework_id", "a.details")})
  ),
  -- Counts, not pairs: how many controls a framework (or a set of frameworks) needs at a tier comes from the
  -- library alone, and statuses join only the rows application_controls holds, so the work grows with the
  -- stored rows rather than with applications × controls. Each figure is a sum over one appended stream (the
  -- applicable count, then a row per stored status) grouped once: never a join onto an aggregate, which the
  -- planner, misjudging the CTEs' sizes, would rescan per application.
  lib_counts as (select framework_id, tier, count(*)::int as n from library group by framework_id, tier),
  per_app as (
    select application_id, risk_tier, array_agg(framework_id order by framework_id) as fws from applying group by application_id, risk_tier
  ),
  set_controls as (
    select distinct s.fws, s.risk_tier, l.control_id
      from (select distinct fws, risk_tier from per_app) s
      join library l on l.framework_id = any(s.fws) and l.tier = s.risk_tier
  ),
  set_counts as (select fws, risk_tier, count(*)::int as n from set_controls group by fws, risk_tier),
  -- The stored statuses of these applications, each row once with its application's tier and frameworks, read
  -- before the library is joined: joined the other way round it would be every application × control.
  stored as materialized (
    select pa.application_id, pa.risk_tier, pa.fws, ac.control_id, ac.status
      from per_app pa join application_controls ac on ac.application_id = pa.application_id
     where ac.company_id = p_company and ac.status in ('implemented', 'not_applicable', 'in_progress')
  ),
  per_framework as (
    select application_id, framework_id, sum(applicable)::int as applicable, sum(implemented)::int as implemented,
      sum(not_applicable)::int as not_applicable, sum(in_progress)::int as in_progress
      from (
        select ap.application_id, ap.framework_id, coalesce(lc.n, 0) as applicable, 0 as implemented, 0 as not_applicable, 0 as in_progress
          from applying ap
          left join lib_counts lc on lc.framework_id = ap.framework_id and lc.tier = ap.risk_tier
        union all
        select st.application_id, l.framework_id, 0, (st.status = 'implemented')::int, (st.status = 'not_applicable')::int, (st.status = 'in_progress')::int
          from stored st
          join library l on l.tier = st.risk_tier and l.control_id = st.control_id and l.framework_id = any(st.fws)
      ) counted
     group by application_id, framework_id
  ),
  across_frameworks as (
    select application_id, ${literal(ACROSS_FRAMEWORKS)}::text as framework_id, sum(applicable)::int as applicable, sum(implemented)::int as implemented,
      sum(not_applicable)::int as not_applicable, sum(in_progress)::int as in_progress
      from (
        select pa.application_id, sc.n as applicable, 0 as implemented, 0 as not_applicable, 0 as in_progress
          from per_app pa
          join set_counts sc on sc.fws = pa.fws and sc.risk_tier = pa.risk_tier
        union all
        select st.application_id, 0, (st.status = 'implemented')::int, (st.status = 'not_applicable')::int, (st.status = 'in_progress')::int
          from stored st
          join set_controls sc on sc.fws = st.fws and sc.risk_tier = st.risk_tier and sc.control_id = st.control_id
      ) counted
     group by application_id
  )
  insert into application_compliance (company_id, application_id, framework_id, applicable, implemented, not_applicable, in_progress)
  select p_company, application_id, framework_id, applicable, implemented, not_applicable, in_progress from per_framework
  union all
  select p_company, application_id, framework_id, applicable, implemented, not_applicable, in_progress from across_frameworks;`;
}

/** The two recompute functions: for some applications of a company (by one array), and for the whole company. */
export function recomputeFunctions(): string[] {
  return [
    `create or replace function steward_compliance_recompute_apps(p_company uuid, p_apps uuid[]) returns void language sql as $fn$${recomputeBody(
      "a.id in (select unnest(p_apps))",
    )}\n$fn$`,
    // A whole company is a bulk job, often run by the trigger of the statement that just wrote its rows, before
    // any statistics know of them: planned on those, nested loops would rescan whole tables per application.
    // Hash joins over the company's rows are linear whatever the statistics say.
    `create or replace function steward_compliance_recompute_company(p_company uuid) returns void language sql set enable_nestloop = off as $fn$${recomputeBody("true")}\n$fn$`,
  ];
}

/** A digest of everything compiled from the library: when a release changes it, the summaries are rebuilt. */
export function libraryHash(statements: readonly string[]): string {
  return createHash("sha256").update(statements.join("\n;\n")).digest("hex");
}
