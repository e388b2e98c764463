import { sql } from "drizzle-orm";
import { applicableControls, FRAMEWORKS } from "../../../domain/frameworks";
import { RISK_TIERS } from "../../../domain/risk/tiers";
import type { Db } from "../../../server/db/client";
import { generatedRows, type Generated } from "./generated";

/** The frameworks the big company works under; each applies to every application (their scope is `always`). */
export const SCALE_FRAMEWORKS = ["eu-ai-act", "iso-42001", "nist-ai-rmf"] as const;

/** The company turns the three frameworks on (the EU AI Act is on by default; stored here all the same). */
export async function enableFrameworks(db: Db, companyId: string): Promise<void> {
  const values = sql.join(
    SCALE_FRAMEWORKS.map((id) => sql`(${companyId}::uuid, ${id}, true, 'Enabled for the scale fixture.')`),
    sql`, `,
  );
  await db.execute(sql`
    insert into company_framework_settings (company_id, framework_id, enabled, notes) values ${values}
    on conflict (company_id, framework_id) do update set enabled = true`);
}

/** Per tier, the ids of the controls an application of that tier needs under the three frameworks (the library's own rule). */
function controlIdsByTier(): Record<string, string[]> {
  const frameworks = FRAMEWORKS.filter((f) => (SCALE_FRAMEWORKS as readonly string[]).includes(f.id));
  return Object.fromEntries(RISK_TIERS.map((tier) => [tier, applicableControls(frameworks, tier).map((c) => c.id)]));
}

/**
 * Control records for about a third of the copies (number g with g mod 8 in 0, 3, 6: three in eight): one row per control its tier needs, the
 * statuses spread (about 40% implemented, 15% not applicable with a justification, 25% in progress with a due
 * date, some overdue, 20% not started), open ones owned in turn by `ownerIds`. One statement.
 */
export async function insertControls(db: Db, gen: Generated, ownerIds: readonly string[]): Promise<void> {
  await db.execute(sql`
    insert into application_controls (company_id, application_id, control_id, status, justification, owner_id, due_date, updated_at)
    select a.company_id, a.id, c.control_id, st.status,
      case when st.status = 'not_applicable' then 'Not relevant to how this application is deployed.' end,
      case when st.status in ('in_progress', 'not_started') then (${JSON.stringify(ownerIds)}::jsonb ->> (hh.h % ${ownerIds.length}::int))::uuid end,
      case when st.status = 'in_progress' then current_date + ((hh.h % 120) - 30)::int end,
      now() - make_interval(mins => hh.h % 50000)
    from ${generatedRows(gen)} as x
    join applications a on a.id = x.id
    cross join lateral jsonb_array_elements_text(${JSON.stringify(controlIdsByTier())}::jsonb -> a.risk_tier) as c(control_id)
    cross join lateral (select abs(hashtext(x.g::text || ':' || c.control_id)) as h) as hh
    cross join lateral (select case when hh.h % 100 < 40 then 'implemented' when hh.h % 100 < 55 then 'not_applicable'
                                    when hh.h % 100 < 80 then 'in_progress' else 'not_started' end as status) as st
    where x.g % 8 in (0, 3, 6)`);
}

/**
 * `count` pieces of link evidence on implemented controls (one or two each), effective over the last year and
 * lapsing at spread dates (some lapsed, some within the reminder window, a fifth never), added in turn by `adderIds`.
 */
export async function insertEvidence(db: Db, companyId: string, count: number, adderIds: readonly string[]): Promise<void> {
  await db.execute(sql`
    insert into control_evidence (company_id, application_id, control_id, name, kind, url, effective_on, expires_on, added_by_id, added_by_name, created_at)
    select e.company_id, e.application_id, e.control_id, e.control_id || ' record ' || e.n, 'link',
      'https://intranet.example/compliance/' || e.application_id || '/' || lower(e.control_id) || '/' || e.n,
      current_date - (e.h % 400)::int,
      case when e.h % 5 = 0 then null else current_date - (e.h % 400)::int + 30 + (e.h % 500)::int end,
      u.id, u.first_name || ' ' || u.last_name,
      now() - make_interval(days => (e.h % 400)::int)
    from (
      select ac.company_id, ac.application_id, ac.control_id, n.n, abs(hashtext(ac.application_id::text || ac.control_id || n.n::text)) as h
      from application_controls ac cross join generate_series(1, 2) as n(n)
      where ac.company_id = ${companyId}::uuid and ac.status = 'implemented'
      limit ${count}::int
    ) as e
    join users u on u.id = (${JSON.stringify(adderIds)}::jsonb ->> (e.h % ${adderIds.length}::int))::uuid`);
}
