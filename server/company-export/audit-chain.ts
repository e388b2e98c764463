import { timingSafeEqual } from "node:crypto";
import type { ChainedEntry } from "../../domain/audit/chain";
import type { CompanyExport, ExportedAuditChain } from "../../domain/company/export-format";
import { ChainCheck, type ChainBreak, type HashScheme } from "../audit/chain-check";
import { keyedHash } from "../audit/key";
import { HttpProblem } from "../plugins/problem";

/**
 * The audit trail of a company export, signed and checked. The export states its chain's length and head and signs
 * them with the exporting server's AUDIT_CHAIN_KEY; an import recomputes every entry's hash and that signature
 * under its own key, and refuses the export (400, before anything is stored) unless both hold. So an export whose
 * entries were edited and re-hashed outside a server (unkeyed SHA-256, or an HMAC under any other key) is refused,
 * and so is one cut short. Between two installations the key must be the same (AUDIT_CHAIN_KEY set alike): a
 * trail that cannot be proven here is not taken in as if it were.
 */

const SIGNED = "steward-company-export/audit-chain";

/** The signature of a chain's length and head under this server's key. */
export const chainSignature = (entries: number, head: string | null, key?: Buffer): string => keyedHash(`${SIGNED}\n${entries}\n${head ?? ""}`, key);

/** What an export writes after its tables: the chain's length and head, signed. */
export function exportedChain(entries: number, head: string | null): ExportedAuditChain {
  return { entries, head, signature: chainSignature(entries, head) };
}

const REASONS: Record<ChainBreak, string> = {
  missing_hash: "has no hash",
  unlinked: "is not linked to the entry before it, or is not in the next place",
  changed: "does not match its hash under this installation's audit chain key (it was edited, or exported by an installation with another AUDIT_CHAIN_KEY)",
  unkeyed: "is hashed without the key where the chain has to be keyed",
};

const refused = (detail: string) => new HttpProblem(400, `The export's audit trail cannot be imported: ${detail} Nothing was imported.`);

/** Checks the export's audit_log rows and its signature; answers the chain's length and head (the import records them). */
export function checkExportedChain(doc: CompanyExport, rows: Record<string, unknown>[]): { entries: number; head: string | null } {
  const signed = doc.audit_chain;
  if (!signed) {
    if (rows.length === 0) return { entries: 0, head: null };
    throw refused("the export carries no signature of its audit trail (an export from before the trail was keyed).");
  }
  const check = new ChainCheck();
  for (const [index, row] of rows.entries()) {
    const reason = check.add({ entry: entryOf(row), prevHash: text(row.prev_hash), hash: text(row.hash), scheme: schemeOf(row, index) });
    if (reason) throw refused(`audit_log[${index}] (entry ${String(row.id)}, place ${String(row.seq)}) ${REASONS[reason]}.`);
  }
  const unclosed = check.end();
  if (unclosed) throw refused(`its last entry ${REASONS[unclosed]}.`);
  const expected = Buffer.from(chainSignature(check.entries, check.head));
  const given = Buffer.from(String(signed.signature));
  const signatureHolds = expected.length === given.length && timingSafeEqual(expected, given);
  if (!signatureHolds || signed.entries !== check.entries || signed.head !== check.head) {
    throw refused(
      "its signature does not match its entries under this installation's audit chain key: the trail was changed after the export, " +
        "or the export comes from an installation with another AUDIT_CHAIN_KEY (set the same key here to import it).",
    );
  }
  return { entries: check.entries, head: check.head };
}

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

function schemeOf(row: Record<string, unknown>, index: number): HashScheme {
  if (row.hash_scheme === "sha256" || row.hash_scheme === "hmac-sha256") return row.hash_scheme;
  throw refused(`audit_log[${index}].hash_scheme is neither "sha256" nor "hmac-sha256".`);
}

/** An exported row as the chain hashes it: the same fields, under the same names. */
function entryOf(row: Record<string, unknown>): ChainedEntry {
  return {
    id: row.id as string,
    seq: row.seq as number,
    actor_id: (row.actor_id ?? null) as string | null,
    actor_type: row.actor_type as string,
    actor_name: row.actor_name as string,
    entity_type: row.entity_type as string,
    entity_id: row.entity_id as string,
    action: row.action as string,
    before: row.before ?? null,
    after: row.after ?? null,
    created_at: row.created_at as string,
  };
}
