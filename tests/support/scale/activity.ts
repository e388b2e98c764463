import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { INCIDENT_SEVERITIES, INCIDENT_STATUSES } from "../../../domain/entities/incident";
import { recordAudit, type Actor, type AuditEntry } from "../../../server/audit/record";
import type { Db } from "../../../server/db/client";
import { generatedId, pick, type Generated } from "./generated";

/** What the notifications, incidents and audit entries hang on: the company's people and the contributor's group. */
export interface ActivityTargets {
  gen: Generated;
  /** Who receives notifications and owns incidents, in turn. */
  userIds: readonly string[];
  /** The group's applications are numbers step, 2·step, … groupSize·step (see growGroup). */
  step: number;
  groupSize: number;
}

const NOTIFICATION_KINDS = ["application.submitted", "application.in_review", "application.approved", "application.changes_requested", "control.assigned"];

/**
 * `count` notifications over the last 60 days, to the users in turn, about applications of the contributor's
 * group (so every caller may still read their subject); two in three read. One statement.
 */
export async function insertNotifications(db: Db, t: ActivityTargets, count: number): Promise<void> {
  const g = sql`(${t.step}::int * (1 + (i * 31) % ${t.groupSize}::int))`;
  await db.execute(sql`
    insert into notifications (company_id, user_id, kind, params, link, subject_type, subject_id, read_at, created_at)
    select a.company_id, (${JSON.stringify(t.userIds)}::jsonb ->> (i % ${t.userIds.length}::int))::uuid, n.kind,
      case when n.kind = 'control.assigned' then jsonb_build_object('control', 'C-TRANS-01 Transparency notice', 'application', a.name)
           else jsonb_build_object('actor', 'Ada Admin', 'application', a.name) end,
      '/applications/detail/' || a.id, 'application', a.id,
      case when i % 3 <> 0 then now() end,
      now() - make_interval(mins => (i * 17) % 86400)
    from generate_series(1, ${count}::int) as i
    join applications a on a.id = ${generatedId(t.gen.companyId, g)}
    cross join lateral (select ${pick(NOTIFICATION_KINDS, sql`i`)} as kind) as n`);
}

/**
 * `count` incidents: half on the contributor's applications that have control records, half across the
 * inventory; every severity and status, one in ten serious with its report deadline (reported once resolved).
 */
export async function insertIncidents(db: Db, t: ActivityTargets, count: number): Promise<void> {
  // Numbers 8·step·k are in the group and have control records (8·step·k mod 8 = 0).
  const withControls = Math.max(1, Math.floor(t.groupSize / 8));
  const g = sql`(case when i % 2 = 0 then ${t.step * 8}::int * (1 + i % ${withControls}::int) else 1 + (i * 7919) % ${t.gen.count}::int end)`;
  await db.execute(sql`
    insert into incidents (company_id, application_id, title, description, severity, status, occurred_at, detected_at, affected_people,
      serious, serious_type, report_deadline, reported_at, root_cause, owner_id, created_by, created_at, updated_at)
    select a.company_id, a.id, 'Incident ' || i || ': unexpected output of ' || a.name, 'Found in routine monitoring.',
      ${pick(INCIDENT_SEVERITIES, sql`i`)}, s.status,
      s.detected - interval '1 day', s.detected, (i * 7) % 500,
      i % 10 = 0, case when i % 10 = 0 then 'health_harm' end, case when i % 10 = 0 then s.detected + interval '15 days' end,
      case when i % 10 = 0 and s.status in ('resolved', 'closed') then s.detected + interval '5 days' end,
      case when s.status in ('resolved', 'closed') then 'A data drift, corrected by retraining.' end,
      u.owner, u.owner, s.detected, s.detected
    from generate_series(1, ${count}::int) as i
    join applications a on a.id = ${generatedId(t.gen.companyId, g)}
    cross join lateral (select ${pick(INCIDENT_STATUSES, sql`i / 4`)} as status, now() - make_interval(hours => (i * 37) % 9000) as detected) as s
    cross join lateral (select (${JSON.stringify(t.userIds)}::jsonb ->> (i % ${t.userIds.length}::int))::uuid as owner) as u`);
}

/** The id generatedId gives number `g`, computed the same way here (the same MD5, version and variant digits). */
function generatedIdOf(companyId: string, g: number): string {
  const md5 = createHash("md5").update(`${companyId}:scale-application:${g}`).digest("hex");
  const hex = `${md5.slice(0, 12)}4${md5.slice(13, 16)}8${md5.slice(17)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Entries per append: one INSERT each, under PostgreSQL's 65,535 bind parameters (14 columns an entry). */
const AUDIT_BATCH = 4000;

/**
 * `count` audit entries about the copies (half of them on the group's applications with control records), appended through the audit module itself (recordAudit: the chain's
 * lock, head, hashes), a batch of thousands per statement, so GET /audit/verify still holds.
 */
export async function appendAudit(db: Db, t: ActivityTargets, actor: Actor, count: number): Promise<void> {
  const statuses = ["not_started", "in_progress", "implemented", "not_applicable"];
  const withControls = Math.max(1, Math.floor(t.groupSize / 8));
  for (let from = 0; from < count; from += AUDIT_BATCH) {
    const entries: AuditEntry[] = Array.from({ length: Math.min(AUDIT_BATCH, count - from) }, (_, j) => {
      const i = from + j;
      // Like the incidents: half on the group's applications with control records, half across the inventory.
      const g = i % 2 === 0 ? t.step * 8 * (1 + (i % withControls)) : 1 + ((i * 7919) % t.gen.count);
      const entityId = generatedIdOf(t.gen.companyId, g);
      if (i % 3 === 0) return { entityType: "application", entityId, action: "application.updated", before: { description: `Revision ${i}` }, after: { description: `Revision ${i + 1}` } };
      if (i % 3 === 1) return { entityType: "application", entityId, action: "approval.moved", before: { approval_status: "submitted" }, after: { approval_status: "in_review" } };
      return { entityType: "application", entityId, action: "control.updated", before: { control_id: "C-TRANS-01", status: statuses[i % 4] }, after: { control_id: "C-TRANS-01", status: statuses[(i + 1) % 4] } };
    });
    await recordAudit(db, actor, ...entries);
  }
}
