import { and, eq, sql } from "drizzle-orm";
import type { ModelEndpoint, ModelEndpointInput, ModelEndpointProtocol } from "../../../domain/entities/model-endpoint";
import { recordAudit, type Actor } from "../../audit/record";
import type { Db } from "../../db/client";
import { modelEndpoints } from "../../db/schema";
import type { ExpectedVersions } from "../../plugins/concurrency";
import { staleVersion } from "../../plugins/problem";
import { tokenOwner, type SecretCipher } from "../../files/secret-cipher";

export type ModelEndpointRow = typeof modelEndpoints.$inferSelect;

/** An application's endpoint, by company and application (the caller's reach on the application is checked before). */
export async function findEndpoint(db: Db, companyId: string, applicationId: string): Promise<ModelEndpointRow | null> {
  const [row] = await db
    .select()
    .from(modelEndpoints)
    .where(and(eq(modelEndpoints.companyId, companyId), eq(modelEndpoints.applicationId, applicationId)));
  return row ?? null;
}

export function toModelEndpoint(row: ModelEndpointRow): ModelEndpoint {
  return {
    application_id: row.applicationId,
    url: row.url,
    protocol: row.protocol,
    model: row.model,
    has_token: row.tokenCiphertext !== null,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of an endpoint: never the token, only whether there is one. */
const auditRecord = (row: ModelEndpointRow | null) =>
  row && { url: row.url, protocol: row.protocol, model: row.model, has_token: row.tokenCiphertext !== null };

function assertVersion(row: ModelEndpointRow | null, expected: ExpectedVersions) {
  if (expected === undefined) return;
  if (!row || !expected.includes(row.version)) throw staleVersion(row?.version ?? 0);
}

/** The application's endpoint row, locked for the rest of the transaction (two saves queue instead of racing). */
async function lockedEndpoint(tx: Pick<Db, "select">, companyId: string, applicationId: string): Promise<ModelEndpointRow | undefined> {
  const [row] = await tx
    .select()
    .from(modelEndpoints)
    .where(and(eq(modelEndpoints.companyId, companyId), eq(modelEndpoints.applicationId, applicationId)))
    .for("update");
  return row;
}

/**
 * Creates or replaces the application's endpoint. The token: a string replaces the stored one (encrypted),
 * null removes it, absent keeps it. Bumps the version; audited without the token.
 */
export async function saveEndpoint(
  db: Db,
  actor: Actor,
  applicationId: string,
  input: ModelEndpointInput,
  cipher: SecretCipher,
  expected: ExpectedVersions,
): Promise<ModelEndpointRow> {
  return db.transaction(async (tx) => {
    const before = await lockedEndpoint(tx, actor.companyId, applicationId);
    assertVersion(before ?? null, expected);
    const tokenCiphertext =
      input.token === undefined ? (before?.tokenCiphertext ?? null) : input.token === null ? null : cipher.encrypt(input.token, tokenOwner(actor.companyId, applicationId));
    const values = { url: input.url, protocol: input.protocol as ModelEndpointProtocol, model: input.model ?? null, tokenCiphertext, updatedAt: new Date() };
    const [after] = before
      ? await tx
          .update(modelEndpoints)
          .set({ ...values, version: sql`${modelEndpoints.version} + 1` })
          .where(eq(modelEndpoints.applicationId, applicationId))
          .returning()
      : await tx
          .insert(modelEndpoints)
          .values({ ...values, applicationId, companyId: actor.companyId })
          .returning();
    await recordAudit(tx, actor, { entityType: "application", entityId: applicationId, action: "model_endpoint.saved", before: auditRecord(before ?? null), after: auditRecord(after) });
    return after;
  });
}

/** Removes the application's endpoint (and its token); false when there was none. */
export async function deleteEndpoint(db: Db, actor: Actor, applicationId: string, expected: ExpectedVersions): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await lockedEndpoint(tx, actor.companyId, applicationId);
    if (!before) return false;
    assertVersion(before, expected);
    await tx.delete(modelEndpoints).where(eq(modelEndpoints.applicationId, applicationId));
    await recordAudit(tx, actor, { entityType: "application", entityId: applicationId, action: "model_endpoint.removed", before: auditRecord(before) });
    return true;
  });
}

/** The endpoint as a call needs it: URL and the decrypted token (null when none is stored or it no longer opens). */
export function endpointForCall(row: ModelEndpointRow, cipher: SecretCipher): { url: string; protocol: ModelEndpointProtocol; token: string | null } {
  const token = row.tokenCiphertext === null ? null : cipher.decrypt(row.tokenCiphertext, tokenOwner(row.companyId, row.applicationId));
  return { url: row.url, protocol: row.protocol, token };
}
