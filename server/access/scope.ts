import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Action, AppAbility, SubjectName } from "../../domain/access/abilities";

/** The columns a subject's conditions name: its company, and its id or (for incidents) its application's id. */
interface ScopeColumns {
  companyId: PgColumn;
  id?: PgColumn;
  applicationId?: PgColumn;
}

/** One rule's conditions in SQL; the rules of domain/access use `companyId` and `id` or `applicationId` (a value or `$in`). */
function conditionSql(conditions: Record<string, unknown> | undefined, columns: ScopeColumns): SQL {
  if (!conditions || typeof conditions.companyId !== "string") {
    // Every rule is bound to a company; one that is not would open every tenant's rows, so refuse loudly.
    throw new Error("an ability rule without a companyId condition cannot scope a query");
  }
  const parts: SQL[] = [eq(columns.companyId, conditions.companyId)];
  for (const [field, value] of Object.entries(conditions)) {
    if (field === "companyId") continue;
    const column = field === "id" || field === "applicationId" ? columns[field] : undefined;
    if (!column) throw new Error(`an ability rule on "${field}" cannot scope this query`);
    if (typeof value === "string") parts.push(eq(column, value));
    else if (value && typeof value === "object" && Array.isArray((value as { $in?: unknown }).$in)) {
      const ids = (value as { $in: string[] }).$in;
      parts.push(ids.length ? inArray(column, ids) : sql`false`);
    } else throw new Error(`an ability rule's ${field} condition must be a value or $in`);
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
  return or(...rules.map((r) => conditionSql(r.conditions as Record<string, unknown> | undefined, columns)))!;
}
