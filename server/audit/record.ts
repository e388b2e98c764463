import type { Db } from "../db/client";
import { auditLog } from "../db/schema";
import type { CurrentUser } from "../plugins/auth";

/** Who made a change, as the audit log keeps it: a user or an API client, by id and by name at the time. */
export interface Actor {
  id: string | null;
  type: "user" | "api_client" | "system";
  name: string;
  companyId: string;
}

/** The caller as the audit log names it: a user by full name (or e-mail), an API client by its name. */
export function actorOf(user: CurrentUser): Actor {
  return { id: user.id, type: user.actor, name: `${user.first_name} ${user.last_name}`.trim() || user.email, companyId: user.companyId };
}

export interface AuditEntry {
  /** `user`, `application`, `api_client`, … */
  entityType: string;
  entityId: string;
  /** What happened, `<thing>.<verb>`: `role.granted`, `approval.moved`. */
  action: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Appends governance changes to the audit log. Pass the transaction that made the change, so the
 * entry and the change commit or roll back together.
 */
export async function recordAudit(db: Pick<Db, "insert">, actor: Actor, ...entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((e) => ({
      companyId: actor.companyId,
      actorId: actor.id,
      actorType: actor.type,
      actorName: actor.name,
      entityType: e.entityType,
      entityId: e.entityId,
      action: e.action,
      before: e.before ?? null,
      after: e.after ?? null,
    })),
  );
}
