import { sql, type SQL } from "drizzle-orm";
import { roleMatches } from "../../domain/access/abilities";
import type { RoleName } from "../../domain/access/current-user";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/** What of the caller says where their roles reach: the groups their roles are on, and their grants on single applications. */
export type RoleHolder = {
  roles: ReadonlyArray<{ name: string; resource_group: { id: string; group_type: "ALL" | "SELECTED" } }>;
  application_roles?: ReadonlyArray<{ name: string; application_id: string }>;
};

/**
 * A list of uuids as ONE bind parameter (`'{…}'::uuid[]`): a caller holds few groups and grants, but a
 * parameter per id would still grow with them, and both drivers take a text array literal the same way.
 */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`${`{${ids.join(",")}}`}::uuid[]`;
}

/**
 * Whether `user` holds `role` on the application whose id is `applicationId`, as SQL: through a group of type
 * ALL (always), a SELECTED group listing the application (a semi-join on the group's members, the caller's
 * group ids as one array), or a grant on that application (its id in one array). The same reach as
 * domain/access `applicationRoleNames`, decided by the database per row instead of by Node per application.
 */
export function holdsRoleSql(user: RoleHolder, role: RoleName, applicationId: AnyPgColumn | SQL): SQL {
  const held = user.roles.filter((r) => roleMatches(r.name, role));
  if (held.some((r) => r.resource_group.group_type === "ALL")) return sql`true`;
  const groups = [...new Set(held.map((r) => r.resource_group.id))];
  const grants = [...new Set((user.application_roles ?? []).filter((g) => roleMatches(g.name, role)).map((g) => g.application_id))];
  const ways: SQL[] = [];
  if (groups.length) {
    ways.push(sql`exists (select 1 from resource_group_resources rgr where rgr.resource_id = ${applicationId} and rgr.resource_group_id = any(${uuidArray(groups)}))`);
  }
  if (grants.length) ways.push(sql`${applicationId} = any(${uuidArray(grants)})`);
  if (ways.length === 0) return sql`false`;
  return sql`(${sql.join(ways, sql` or `)})`;
}
