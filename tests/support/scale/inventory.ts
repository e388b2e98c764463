import { sql } from "drizzle-orm";
import { APPROVAL_STATUSES, DEVELOPMENT_STATUSES } from "../../../domain/workflow";
import type { Db } from "../../../server/db/client";
import { demoRows, generatedId, generatedRows, pick, type Generated } from "./generated";

/** Words put before a copy's name, so names and searches spread like a real inventory's. */
const PREFIXES = ["Northwind", "Contoso", "Fabrikam", "Tailspin", "Litware", "Adatum", "Proseware", "Woodgrove", "Alpine", "Coho", "Lucerne", "Margie"];

/**
 * The copies of the demo company's applications, one INSERT … SELECT over generate_series: number g copies the
 * demo application g mod n — its answers, so its tier, descriptors and rules stay those classify() gave —
 * under its own name and purpose, with approval and development statuses and review dates spread over every value.
 */
export async function insertApplications(db: Db, gen: Generated): Promise<void> {
  const g = sql`x.g`;
  await db.execute(sql`
    insert into applications (id, company_id, name, description, owner_id, details, risk_tier, risk_descriptors, rules_fired, tier_rule_outcomes,
      approval_status, development_status, submitted_by, approved_at, last_reviewed_at, next_review_due, created_by, created_at, updated_at)
    select x.id, d.company_id,
      ${pick(PREFIXES, sql`${g} / 7`)} || ' ' || d.name || ' ' || lpad(${g}::text, 6, '0'),
      d.description, d.owner_id,
      jsonb_set(d.details, '{purpose}', to_jsonb(coalesce(d.details->>'purpose', d.name) || ' (unit ' || ${g}::text || ')')),
      d.risk_tier, d.risk_descriptors, d.rules_fired, d.tier_rule_outcomes,
      s.approval, ${pick(DEVELOPMENT_STATUSES, sql`${g} / 3`)},
      case when s.approval = 'draft' then null else d.owner_id end,
      s.approved_at, s.approved_at,
      case when s.approved_at is null then null
           when d.risk_tier = 'high' then (s.approved_at + interval '90 days')::date
           when d.risk_tier = 'medium' then (s.approved_at + interval '365 days')::date end,
      d.created_by,
      now() - make_interval(mins => ${g}),
      now() - make_interval(mins => (${g} * 37) % 100000)
    from ${generatedRows(gen)} as x
    join ${demoRows(gen.demoIds)} as d on d.k = x.g % d.n
    cross join lateral (select ${pick(APPROVAL_STATUSES, sql`${g} / 5 + ${g}`)} as approval) as a0
    cross join lateral (select a0.approval,
      case when a0.approval = 'approved' and d.risk_tier <> 'prohibited' then now() - make_interval(days => (${g} * 13) % 420) end as approved_at) as s`);
}

/** Each copy's classification as its first assessment, as creating it through the API records one. */
export async function insertAssessments(db: Db, gen: Generated): Promise<void> {
  await db.execute(sql`
    insert into application_assessments (company_id, application_id, assessed_by_id, assessed_by_name, details, risk_tier, risk_descriptors, rules_fired, created_at)
    select a.company_id, a.id, a.owner_id, coalesce(u.first_name || ' ' || u.last_name, 'Steward demo data'), a.details, a.risk_tier, a.risk_descriptors, a.rules_fired, a.created_at
    from ${generatedRows(gen)} as x
    join applications a on a.id = x.id
    left join users u on u.id = a.owner_id`);
}

/** Each copy uses the vendors its demo original uses, so vendor counts grow with the inventory. */
export async function insertVendorLinks(db: Db, gen: Generated): Promise<void> {
  await db.execute(sql`
    insert into application_vendors (company_id, application_id, vendor_id)
    select av.company_id, x.id, av.vendor_id
    from ${generatedRows(gen)} as x
    join ${demoRows(gen.demoIds)} as d on d.k = x.g % d.n
    join application_vendors av on av.application_id = d.id`);
}

/**
 * The SELECTED group holds `size` of the copies, every step-th (numbers step, 2·step, …). Returns the step.
 */
export async function growGroup(db: Db, gen: Generated, groupId: string, size: number): Promise<number> {
  const step = Math.max(1, Math.floor(gen.count / size));
  await db.execute(sql`
    insert into resource_group_resources (resource_group_id, resource_id)
    select ${groupId}::uuid, ${generatedId(gen.companyId, sql`g * ${step}::int`)}
    from generate_series(1, ${Math.min(size, gen.count)}::int) as g
    on conflict do nothing`);
  return step;
}
