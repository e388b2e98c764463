import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { RoleName } from "../../domain/access/current-user";
import type { AwaitingRule } from "../../domain/workflow";

/** The application's columns an awaiting rule reads. */
export interface AwaitingColumns {
  status: SQL | AnyPgColumn;
  submittedBy: SQL | AnyPgColumn;
  ownerId: SQL | AnyPgColumn;
  resetReason: SQL | AnyPgColumn;
}

const CONDITIONS = new Set<keyof AwaitingRule>(["kind", "status", "reset", "role", "owner", "notSubmitter"]);

/**
 * One of domain/workflow's AWAITING_RULES as a SQL condition on an application row, for the person `personId`
 * who holds a role where `holds(role)` is true. Null-safe: the condition is true or false, never null, so it
 * means the same inside a WHERE and as a value. A condition this function does not know is refused, so
 * that a rule added in domain cannot be silently dropped here.
 */
export function awaitingRuleSql(rule: AwaitingRule, columns: AwaitingColumns, personId: string, holds: (role: RoleName) => SQL): SQL {
  for (const key of Object.keys(rule)) {
    if (!CONDITIONS.has(key as keyof AwaitingRule)) throw new Error(`the awaiting rule "${rule.kind}" has a condition "${key}" that SQL does not translate`);
  }
  const parts: SQL[] = [];
  if (rule.status !== undefined) parts.push(sql`${columns.status} = ${rule.status}`);
  if (rule.reset) parts.push(sql`${columns.resetReason} is not null`);
  if (rule.owner) parts.push(sql`${columns.ownerId} is not distinct from ${personId}::uuid`);
  if (rule.notSubmitter) parts.push(sql`${columns.submittedBy} is distinct from ${personId}::uuid`);
  if (rule.role !== undefined) parts.push(sql`coalesce(${holds(rule.role)}, false)`);
  return parts.length ? sql`(${sql.join(parts, sql` and `)})` : sql`true`;
}
