import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Action, AppAbility, SubjectName } from "../../domain/access/abilities";

/** The columns a subject's conditions name: its company, and its id or (for incidents and tests) its application's id. */
interface ScopeColumns {
  companyId: PgColumn;
  id?: PgColumn;
  applicationId?: PgColumn;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The ids as ONE bound parameter, a uuid[] literal: a rule's list costs one parameter whatever its length, and
 * the text form binds the same way on node-postgres and PGlite. Ids come from the database; anything else is refused.
 */
export function uuidArray(ids: readonly string[]): SQL {
  for (const id of ids) if (!UUID.test(id)) throw new Error("an ability rule's list holds something that is not an id");
  return sql`${`{${ids.join(",")}}`}::uuid[]`;
}

function listOf(value: unknown, field: string): string[] {
  const list = value && typeof value === "object" ? (value as { $in?: unknown }).$in : undefined;
  if (!Array.isArray(list)) throw new Error(`an ability rule's ${field} condition must be a value or $in`);
  return list as string[];
}

/**
 * One rule's conditions in SQL. The rules of domain/access use `companyId`, `id` or `applicationId` (a value or
 * `$in`), and `resource_group_ids: { $in: groups }`: the application (`reach`) belongs to one of the groups,
 * checked by a semi-join on the group table, so the query never lists the groups' applications.
 */
function conditionSql(conditions: Record<string, unknown> | undefined, columns: ScopeColumns, reach: PgColumn | undefined): SQL {
  if (!conditions || typeof conditions.companyId !== "string") {
    // Every rule is bound to a company; one that is not would open every tenant's rows, so refuse loudly.
    throw new Error("an ability rule without a companyId condition cannot scope a query");
  }
  const parts: SQL[] = [eq(columns.companyId, conditions.companyId)];
  for (const [field, value] of Object.entries(conditions)) {
    if (field === "companyId") continue;
    if (field === "resource_group_ids") {
      if (!reach) throw new Error(`an ability rule on "${field}" cannot scope this query`);
      const groups = listOf(value, field);
      parts.push(
        groups.length
          ? sql`exists (select 1 from resource_group_resources rgr where rgr.resource_id = ${reach} and rgr.resource_group_id = any(${uuidArray(groups)}))`
          : sql`false`,
      );
      continue;
    }
    const column = field === "id" || field === "applicationId" ? columns[field] : undefined;
    if (!column) throw new Error(`an ability rule on "${field}" cannot scope this query`);
    if (typeof value === "string") parts.push(eq(column, value));
    else {
      const ids = listOf(value, field);
      parts.push(ids.length ? sql`${column} = any(${uuidArray(ids)})` : sql`false`);
    }
  }
  return and(...parts)!;
}

/**
 * The rows of `subject` the ability allows `action` on, as a WHERE clause: lists are narrowed by the same
 * rules that guard single rows. No rule: `false`, so the query answers nothing.
 */
export function scopeOf(ability: AppAbility, action: Action, subject: SubjectName, columns: ScopeColumns): SQL {
  const rules = ability.rulesFor(action, subject);
  if (rules.some((r) => r.inverted)) throw new Error("cannot rules are not used by domain/access and cannot scope a query");
  if (rules.length === 0) return sql`false`;
  // The application whose groups decide: the row itself, or the application an incident or a test belongs to.
  const reach = subject === "Application" ? columns.id : columns.applicationId;
  return or(...rules.map((r) => conditionSql(r.conditions as Record<string, unknown> | undefined, columns, reach)))!;
}

/**
 * Whether the ability reaches every `subject` row of the caller's company (a rule bound to the company alone):
 * then a row known to be the company's needs no further check, and a count can skip reading the rows it counts.
 */
export function reachesWholeCompany(ability: AppAbility, action: Action, subject: SubjectName): boolean {
  return ability.rulesFor(action, subject).some((r) => !r.inverted && Object.keys((r.conditions as Record<string, unknown> | undefined) ?? { none: true }).every((k) => k === "companyId"));
}
