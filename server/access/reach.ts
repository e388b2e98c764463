import { sql } from "drizzle-orm";
import { roleMatches } from "../../domain/access/abilities";
import type { RoleName } from "../../domain/access/current-user";
import { queryRows, type Db } from "../db/client";

/**
 * Who reaches an application (its authorized users): through a group of type ALL, a SELECTED group
 * listing it, an Administrator role (Administrators reach every application of their company), or a
 * grant on it. One row per user and role.
 */
export function reachSql(companyId: string, applicationId: string) {
  return sql`
    select ra.user_id, r.name as role, g.id as group_id, g.name as group_name, g.group_type, 'resource_group' as via
      from role_assignments ra
      join roles r on r.id = ra.role_id
      join resource_groups g on g.id = ra.resource_group_id
     where ra.company_id = ${companyId}
       and (g.group_type = 'ALL' or strpos(r.name, 'Administrator') > 0
            or exists (select 1 from resource_group_resources rgr where rgr.resource_group_id = g.id and rgr.resource_id = ${applicationId}))
    union all
    select ara.user_id, r.name, null, null, null, 'application'
      from application_role_assignments ara
      join roles r on r.id = ara.role_id
     where ara.company_id = ${companyId} and ara.application_id = ${applicationId}`;
}

export type ReachRow = {
  user_id: string;
  role: string;
  group_id: string | null;
  group_name: string | null;
  group_type: "ALL" | "SELECTED" | null;
  via: "resource_group" | "application";
};

/** The users who reach the application, with every role name through which they do. */
export async function applicationReach(db: Pick<Db, "execute">, companyId: string, applicationId: string): Promise<Map<string, string[]>> {
  const rows = await queryRows<ReachRow>(db, reachSql(companyId, applicationId));
  const reach = new Map<string, string[]>();
  for (const r of rows) reach.set(r.user_id, [...(reach.get(r.user_id) ?? []), r.role]);
  return reach;
}

/** Of the users reaching the application, those holding one of `roles` on it (a role name containing one of them). */
export function holdersOf(reach: Map<string, string[]>, roles: readonly RoleName[]): string[] {
  return [...reach].filter(([, names]) => names.some((n) => roles.some((role) => roleMatches(n, role)))).map(([id]) => id);
}
