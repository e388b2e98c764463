import { canonicalJson } from "./canonical-json";

/**
 * The audit trail of a company is a hash chain. Entry n (n = 1, 2, … with no gaps, its `seq`) stores
 *
 *     prev_hash = hash of entry n − 1 (null for entry 1)
 *     hash      = SHA-256, hex, of the UTF-8 bytes of  (prev_hash ?? "") + "\n" + canonicalJson(content)
 *
 * where `content` is the entry as chainContent() lists it. Changing any stored field of an entry changes its
 * hash; changing the hash too breaks the next entry's prev_hash; removing an entry leaves a gap in `seq`.
 * The company id is not part of the content: the chain's links already tie each entry to its neighbours, and
 * leaving it out lets a company's export be imported elsewhere with its chain intact.
 *
 * This text is the whole definition: with an export's `audit_log` rows an auditor can recompute every hash.
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

/** The text an entry's hash is taken of. */
export function chainHashInput(prevHash: string | null, entry: ChainedEntry): string {
  return `${prevHash ?? ""}\n${canonicalJson(chainContent(entry))}`;
}

/** What `GET /audit/verify` answers: the whole chain holds, or the first entry that breaks it. */
export type ChainVerdict = { ok: true; entries: number; head: string | null } | { ok: false; entries: number; broken_at: string };
