/**
 * Triggers that keep application_compliance in the same transaction as every change that moves it, whichever
 * code path writes (API, imports, company import, seed): statement-level with transition tables, so a bulk
 * insert recomputes its applications in one set-based call instead of once per row.
 */

/**
 * Recompute, per company, the applications `select` names (rows of company_id, application_id). Past a
 * thousand (a bulk import) the whole company is recomputed instead: its statement is planned on the table's
 * statistics with hash joins, where a long id array would be planned as a few rows and walked by index.
 */
const recomputeEach = (select: string) => `
    for r in select s.company_id, array_agg(distinct s.application_id) as ids from (${select}) s group by s.company_id loop
      if cardinality(r.ids) > 1000 then
        perform steward_compliance_recompute_company(r.company_id);
      else
        perform steward_compliance_recompute_apps(r.company_id, r.ids);
      end if;
    end loop;`;

/** Recompute every application of each company `select` names. */
const recomputeCompanies = (select: string) => `
    for r in select distinct s.company_id from (${select}) s loop
      perform steward_compliance_recompute_company(r.company_id);
    end loop;`;

const triggerFunction = (name: string, body: string) => `create or replace function ${name}() returns trigger language plpgsql as $fn$
  declare r record;
  begin${body}
    return null;
  end
$fn$`;

const trigger = (table: string, event: "insert" | "update" | "delete", fn: string) => {
  const referencing = { insert: "new table as new_rows", update: "old table as old_rows new table as new_rows", delete: "old table as old_rows" }[event];
  return `create or replace trigger ${table}_compliance_${event} after ${event} on ${table} referencing ${referencing} for each statement execute function ${fn}()`;
};

export function triggerStatements(): string[] {
  return [
    // Applications: new ones, and a changed tier or answers. Deleted ones lose their rows by the foreign key.
    triggerFunction(
      "steward_compliance_on_applications",
      `
    if tg_op = 'INSERT' then${recomputeEach("select company_id, id as application_id from new_rows")}
    else${recomputeEach(
      `select n.company_id, n.id as application_id from new_rows n join old_rows o on o.id = n.id
         where n.risk_tier is distinct from o.risk_tier or n.details is distinct from o.details`,
    )}
    end if;`,
    ),
    trigger("applications", "insert", "steward_compliance_on_applications"),
    trigger("applications", "update", "steward_compliance_on_applications"),

    // Control statuses; edits that keep the status (owner, notes, due date) change no count.
    triggerFunction(
      "steward_compliance_on_controls",
      `
    if tg_op = 'INSERT' then${recomputeEach("select company_id, application_id from new_rows")}
    elsif tg_op = 'DELETE' then${recomputeEach("select company_id, application_id from old_rows")}
    else${recomputeEach(
      `select n.company_id, n.application_id from new_rows n join old_rows o on o.application_id = n.application_id and o.control_id = n.control_id
         where n.status is distinct from o.status`,
    )}
    end if;`,
    ),
    trigger("application_controls", "insert", "steward_compliance_on_controls"),
    trigger("application_controls", "update", "steward_compliance_on_controls"),
    trigger("application_controls", "delete", "steward_compliance_on_controls"),

    // A framework turned on or off for one application.
    triggerFunction(
      "steward_compliance_on_overrides",
      `
    if tg_op = 'DELETE' then${recomputeEach("select company_id, application_id from old_rows")}
    else${recomputeEach("select company_id, application_id from new_rows")}
    end if;`,
    ),
    trigger("application_framework_settings", "insert", "steward_compliance_on_overrides"),
    trigger("application_framework_settings", "update", "steward_compliance_on_overrides"),
    trigger("application_framework_settings", "delete", "steward_compliance_on_overrides"),

    // A framework turned on or off for a company: all its applications, one statement per company; notes change nothing.
    triggerFunction(
      "steward_compliance_on_company_frameworks",
      `
    if tg_op = 'INSERT' then${recomputeCompanies("select company_id from new_rows")}
    elsif tg_op = 'DELETE' then${recomputeCompanies("select company_id from old_rows")}
    else${recomputeCompanies(
      `select n.company_id from new_rows n join old_rows o on o.company_id = n.company_id and o.framework_id = n.framework_id
         where n.enabled is distinct from o.enabled`,
    )}
    end if;`,
    ),
    trigger("company_framework_settings", "insert", "steward_compliance_on_company_frameworks"),
    trigger("company_framework_settings", "update", "steward_compliance_on_company_frameworks"),
    trigger("company_framework_settings", "delete", "steward_compliance_on_company_frameworks"),
  ];
}
