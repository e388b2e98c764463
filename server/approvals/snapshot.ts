import { createHash } from "node:crypto";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { SNAPSHOT_FORMAT_VERSION, type SnapshotContent, type SnapshotDecision } from "../../domain/approvals/snapshot";
import { canonicalJson } from "../../domain/audit/canonical-json";
import { todayIso } from "../../domain/entities/framework";
import type { ApprovalStatus } from "../../domain/workflow";
import type { ApplicationRow } from "../applications/row";
import type { Db } from "../db/client";
import { applicationVendors, controlEvidence, processingItems, testingTasks, users, vendors } from "../db/schema";
import { applicableControlsOf, controlRows } from "../frameworks/controls";
import { storedFileSha256 } from "../storage/file-hash";
import type { Storage } from "../storage/types";

/** The hex SHA-256 of a value's canonical JSON: the hash of a snapshot's content and of a test's results. */
export const canonicalSha256 = (value: unknown) => createHash("sha256").update(canonicalJson(value), "utf8").digest("hex");

export interface Decision {
  decision: SnapshotDecision;
  /** The approval status the decision was taken from. */
  from: ApprovalStatus;
  at: Date;
  by: { id: string | null; name: string };
}

const fullName = sql<string | null>`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`;

/**
 * What the application is now, as a snapshot's content (domain/approvals/snapshot.ts): read in the caller's
 * transaction, so it is the state the decision is taken on; each evidence file's bytes are hashed from storage.
 */
export async function snapshotContent(db: Db, storage: Storage, row: ApplicationRow, decision: Decision): Promise<SnapshotContent> {
  const [owner] = row.ownerId ? await db.select({ id: users.id, name: fullName }).from(users).where(eq(users.id, row.ownerId)) : [];
  const listed = await db
    .select({ id: vendors.id, name: vendors.name, status: vendors.status, risk_level: vendors.riskLevel, risk_reasons: vendors.riskReasons })
    .from(applicationVendors)
    .innerJoin(vendors, eq(vendors.id, applicationVendors.vendorId))
    .where(eq(applicationVendors.applicationId, row.id))
    .orderBy(sql`lower(${vendors.name})`, vendors.id);
  const [controls, stored, evidence, tests] = await Promise.all([
    applicableControlsOf(db, row),
    controlRows(db, row.id),
    db
      .select()
      .from(controlEvidence)
      .where(and(eq(controlEvidence.applicationId, row.id), isNull(controlEvidence.deletedAt)))
      .orderBy(asc(controlEvidence.createdAt), asc(controlEvidence.id)),
    db
      .select({ id: testingTasks.id, name: testingTasks.name, dataSource: testingTasks.dataSource, finishedAt: testingTasks.finishedAt, summary: testingTasks.summary, results: testingTasks.results })
      .from(testingTasks)
      .innerJoin(processingItems, eq(processingItems.id, testingTasks.processingItemId))
      .where(and(eq(testingTasks.applicationId, row.id), eq(processingItems.status, "ready"), isNotNull(testingTasks.results), isNotNull(testingTasks.finishedAt)))
      .orderBy(asc(testingTasks.finishedAt), asc(testingTasks.id)),
  ]);
  const byControl = new Map(stored.map((s) => [s.row.controlId, s]));
  const today = todayIso(decision.at);
  const hashes = new Map<string, { sha256: string; size: number } | null>();
  for (const e of evidence) if (e.kind === "file" && e.storageKey) hashes.set(e.id, await storedFileSha256(storage, e.storageKey));

  return {
    format_version: SNAPSHOT_FORMAT_VERSION,
    decision: decision.decision,
    decided_at: decision.at.toISOString(),
    decided_by: decision.by,
    application: {
      id: row.id,
      name: row.name,
      description: row.description,
      owner: owner ? { id: owner.id, name: owner.name ?? "" } : null,
      development_status: row.developmentStatus,
      decided_from: decision.from,
      version: row.version,
    },
    classification: { risk_tier: row.riskTier, rules_fired: [...row.rulesFired], risk_descriptors: row.riskDescriptors.map((d) => ({ key: d.key, rules: [...d.rules] })) },
    answers: { ...row.details },
    vendors: listed,
    controls: controls.map((control) => {
      const implementation = byControl.get(control.id);
      return {
        control_id: control.id,
        name: control.name,
        status: implementation?.row.status ?? "not_started",
        justification: implementation?.row.justification ?? null,
        owner: implementation?.row.ownerId ? { id: implementation.row.ownerId, name: implementation.ownerName ?? "" } : null,
        due_date: implementation?.row.dueDate ?? null,
        evidence: evidence
          .filter((e) => e.controlId === control.id)
          .map((e) => ({
            id: e.id,
            name: e.name,
            kind: e.kind,
            url: e.url,
            effective_on: e.effectiveOn,
            expires_on: e.expiresOn,
            expired: e.expiresOn !== null && e.expiresOn < today,
            content_type: e.contentType,
            size: hashes.get(e.id)?.size ?? e.size,
            sha256: hashes.get(e.id)?.sha256 ?? null,
          })),
      };
    }),
    tests: tests.map((t) => ({
      id: t.id,
      name: t.name,
      data_source: t.dataSource,
      finished_at: t.finishedAt!.toISOString(),
      results_sha256: canonicalSha256({ summary: t.summary, results: t.results }),
    })),
  };
}
