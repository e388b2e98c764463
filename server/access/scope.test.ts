import { describe, expect, it } from "vitest";
import { PgDialect } from "drizzle-orm/pg-core";
import { defineAbilityFor, type AbilityUser } from "../../domain/access/abilities";
import { applications, incidents } from "../db/schema";
import { scopeOf, uuidArray } from "./scope";

const COMPANY = "11111111-1111-4111-8111-111111111111";
// As the app's database renders it (snake_case columns).
const dialect = new PgDialect({ casing: "snake_case" });
const groupId = (n: number) => `bbbbbbbb-0000-4000-8000-${String(n).padStart(12, "0")}`;
const appId = (n: number) => `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, "0")}`;

function contributor(groups: number, grants = 0): AbilityUser {
  return {
    id: "33333333-3333-4333-8333-333333333333",
    companyId: COMPANY,
    roles: Array.from({ length: groups }, (_, i) => ({ name: "ApplicationContributor", resource_group: { id: groupId(i), group_type: "SELECTED" as const } })),
    application_roles: Array.from({ length: grants }, (_, i) => ({ name: "ApplicationContributor", application_id: appId(i) })),
  };
}

describe("scopeOf: a caller's reach as one WHERE clause", () => {
  it("a SELECTED group is one semi-join on the group table with ONE array parameter, however many groups and grants", () => {
    for (const [groups, grants] of [
      [1, 0],
      [40, 0],
      [3, 500],
    ] as const) {
      const query = dialect.sqlToQuery(scopeOf(defineAbilityFor(contributor(groups, grants)), "update", "Application", applications));
      expect(query.sql).toMatch(/exists \(select 1 from resource_group_resources rgr where rgr\.resource_id = "applications"\."id" and rgr\.resource_group_id = any\(\$\d::uuid\[\]\)\)/);
      expect(query.sql).not.toMatch(/ in \(/i);
      // The company and the groups as one literal; with grants, the company again and the granted ids as one literal.
      const groupList = `{${Array.from({ length: groups }, (_, i) => groupId(i)).join(",")}}`;
      const grantList = `{${Array.from({ length: grants }, (_, i) => appId(i)).join(",")}}`;
      expect(query.params).toHaveLength(grants ? 4 : 2);
      expect(query.params).toEqual(expect.arrayContaining(grants ? [COMPANY, groupList, grantList] : [COMPANY, groupList]));
      if (grants) expect(query.sql).toMatch(/"applications"\."id" = any\(\$\d::uuid\[\]\)/);
    }
  });

  it("incidents are scoped by their application's groups, through their applicationId column", () => {
    const query = dialect.sqlToQuery(scopeOf(defineAbilityFor(contributor(2)), "read", "Incident", { companyId: incidents.companyId, applicationId: incidents.applicationId }));
    expect(query.sql).toContain(`rgr.resource_id = "incidents"."application_id"`);
    expect(query.params).toEqual([COMPANY, `{${groupId(0)},${groupId(1)}}`]);
  });

  it("an ALL group is the company alone; no rule is false", () => {
    const all = defineAbilityFor({ ...contributor(0), roles: [{ name: "ApplicationReviewer", resource_group: { id: groupId(9), group_type: "ALL" } }] });
    const query = dialect.sqlToQuery(scopeOf(all, "read", "Application", applications));
    expect(query.sql).toBe(`"applications"."company_id" = $1`);
    expect(dialect.sqlToQuery(scopeOf(all, "update", "Application", applications)).sql).toBe("false");
  });

  it("a rule on groups cannot scope a query without the application's column, and a list holding a non-id is refused", () => {
    expect(() => scopeOf(defineAbilityFor(contributor(1)), "read", "Incident", { companyId: incidents.companyId })).toThrow(/cannot scope this query/);
    expect(() => uuidArray(["a', 'b"])).toThrow(/not an id/);
  });
});
