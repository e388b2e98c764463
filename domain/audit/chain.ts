import { canonicalJson } from "./canonical-json";

/**
 * The audit trail of a company is a hash chain. Entry n (n = 1, 2, … with no gaps, its `seq`) stores
 *
 *     prev_hash = hash of entry n − 1 (null for entry 1)
 *     hash      = HMAC-SHA256 under the server's AUDIT_CHAIN_KEY, hex, of the UTF-8 bytes of
 *                 (prev_hash ?? "") + "\n" + canonicalJson(content)
 *                 (entries written before the key: plain SHA-256 of the same bytes, `hash_scheme` sha256)
 *
 * where `content` is the entry as chainContent() lists it. Changing any stored field of an entry changes its
 * hash; changing the hash too breaks the next entry's prev_hash; removing an entry leaves a gap in `seq`.
 * The company id is not part of the content: the chain's links already tie each entry to its neighbours, and
 * leaving it out lets a company's export be imported elsewhere with its chain intact.
 *
 * This text is the whole definition: with an export's `audit_log` rows and the key an auditor can recompute
 * every hash; without the key nobody can write a link that verifies.
 */

/** An audit entry as it is stored and listed (snake_case, times as ISO 8601 with milliseconds). */
export interface ChainedEntry {
  id: string;
  seq: number;
  actor_id: string | null;
  actor_type: string;
  actor_name: string;
  entity_type: string;
  entity_id: string;
  action: string;
  before: unknown;
  after: unknown;
  created_at: string;
}

/** The content the hash covers: every stored field of the entry but its company and the hashes themselves. */
export function chainContent(entry: ChainedEntry): ChainedEntry {
  return {
    id: entry.id,
    seq: entry.seq,
    actor_id: entry.actor_id,
    actor_type: entry.actor_type,
    actor_name: entry.actor_name,
    entity_type: entry.entity_type,
    entity_id: entry.entity_id,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    created_at: entry.created_at,
  };
}

/**
 * The text an entry's hash is taken of. The content's members are written here in their canonical (sorted)
 * order, which is canonicalJson(chainContent(entry)) without sorting the same eleven keys for every entry.
 */
export function chainHashInput(prevHash: string | null, entry: ChainedEntry): string {
  const text = (value: string | null) => (value === null ? "null" : JSON.stringify(value));
  return (
    `${prevHash ?? ""}\n{"action":${text(entry.action)},"actor_id":${text(entry.actor_id)},"actor_name":${text(entry.actor_name)},` +
    `"actor_type":${text(entry.actor_type)},"after":${canonicalJson(entry.after ?? null)},"before":${canonicalJson(entry.before ?? null)},` +
    `"created_at":${text(entry.created_at)},"entity_id":${text(entry.entity_id)},"entity_type":${text(entry.entity_type)},` +
    `"id":${text(entry.id)},"seq":${canonicalJson(entry.seq)}}`
  );
}

/** What `GET /audit/verify` answers: the whole chain holds, or the first entry that breaks it. */
export type ChainVerdict =
  | { ok: true; entries: number; head: string | null }
  | { ok: false; entries: number; broken_at: string; broken_seq: number; reason: "missing_hash" | "unlinked" | "changed" | "unkeyed" };
