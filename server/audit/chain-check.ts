import { createHash } from "node:crypto";
import { chainHashInput, type ChainedEntry } from "../../domain/audit/chain";
import { keyedHash } from "./key";

/** How an entry's hash is made: keyed (every entry written now) or the unkeyed SHA-256 of the entries before the key. */
export type HashScheme = "sha256" | "hmac-sha256";

/** The hash of an entry after `prevHash` (domain/audit/chain.ts defines the text) under a scheme. */
export function entryHash(prevHash: string | null, entry: ChainedEntry, scheme: HashScheme = "hmac-sha256", key?: Buffer): string {
  const text = chainHashInput(prevHash, entry);
  return scheme === "sha256" ? createHash("sha256").update(text).digest("hex") : keyedHash(text, key);
}

/** Why a chain breaks at an entry. */
export type ChainBreak =
  /** No hash: blanked, or never chained. */
  | "missing_hash"
  /** Not the next place, or its prev_hash is not the hash before it. */
  | "unlinked"
  /** Its content no longer gives its hash (changed, or the chain key is not the one it was written with). */
  | "changed"
  /** An unkeyed entry after a keyed one, or unkeyed entries no keyed entry closes: nothing proves them. */
  | "unkeyed";

export interface CheckedRow {
  entry: ChainedEntry;
  prevHash: string | null;
  hash: string | null;
  scheme: HashScheme;
}

/**
 * Checks a chain an entry at a time, oldest first: the one rule shared by verify and by a company import. Unkeyed
 * entries may only open a chain (those written before the key) and a keyed entry must follow them: a keyed hash
 * over the last unkeyed one is what proves them, so turning keyed entries back into unkeyed ones never verifies.
 */
export class ChainCheck {
  entries = 0;
  head: string | null = null;
  private keyed = false;

  constructor(private readonly key?: Buffer) {}

  /** The break at this entry, or null when it continues the chain. */
  add(row: CheckedRow): ChainBreak | null {
    if (row.hash === null) return "missing_hash";
    if (row.entry.seq !== this.entries + 1 || row.prevHash !== this.head) return "unlinked";
    if (row.scheme === "sha256" && this.keyed) return "unkeyed";
    if (entryHash(this.head, row.entry, row.scheme, this.key) !== row.hash) return "changed";
    if (row.scheme === "hmac-sha256") this.keyed = true;
    this.entries += 1;
    this.head = row.hash;
    return null;
  }

  /** The break at the end of the chain: unkeyed entries no keyed entry closes. */
  end(): ChainBreak | null {
    return this.entries > 0 && !this.keyed ? "unkeyed" : null;
  }
}
