import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ChainedEntry } from "../../domain/audit/chain";
import { ChainCheck, entryHash, type CheckedRow, type HashScheme } from "./chain-check";

const KEY = randomBytes(32);
const entry = (seq: number): ChainedEntry => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
  seq,
  actor_id: null,
  actor_type: "system",
  actor_name: "Steward",
  entity_type: "company",
  entity_id: "00000000-0000-4000-8000-000000000000",
  action: `step.${seq}`,
  before: null,
  after: { seq },
  created_at: "2026-01-01T00:00:00.000Z",
});

/** A chain of these schemes, each entry hashed as its scheme says (keyed entries under `key`). */
function chain(schemes: HashScheme[], key = KEY): CheckedRow[] {
  let prev: string | null = null;
  return schemes.map((scheme, i) => {
    const row = { entry: entry(i + 1), prevHash: prev, scheme, hash: entryHash(prev, entry(i + 1), scheme, key) };
    prev = row.hash;
    return row;
  });
}

function check(rows: CheckedRow[], key = KEY): { at: number; reason: string } | null {
  const walk = new ChainCheck(key);
  for (const [i, row] of rows.entries()) {
    const reason = walk.add(row);
    if (reason) return { at: i + 1, reason };
  }
  const end = walk.end();
  return end ? { at: rows.length, reason: end } : null;
}

describe("the chain's rule", () => {
  it("holds for keyed entries, and for unkeyed ones a keyed entry closes", () => {
    expect(check(chain(["hmac-sha256", "hmac-sha256"]))).toBeNull();
    expect(check(chain(["sha256", "sha256", "hmac-sha256"]))).toBeNull();
  });

  it("refuses unkeyed entries nothing keyed closes, and an unkeyed entry after a keyed one", () => {
    expect(check(chain(["sha256", "sha256"]))).toEqual({ at: 2, reason: "unkeyed" });
    expect(check(chain(["hmac-sha256", "sha256", "hmac-sha256"]))).toEqual({ at: 2, reason: "unkeyed" });
  });

  it("names a chain written under another key as changed at its first keyed entry, and a blank or unlinked entry", () => {
    expect(check(chain(["sha256", "hmac-sha256"], randomBytes(32)))).toEqual({ at: 2, reason: "changed" });
    const blank = chain(["hmac-sha256", "hmac-sha256"]);
    expect(check([blank[0], { ...blank[1], hash: null }])).toEqual({ at: 2, reason: "missing_hash" });
    expect(check([blank[0], { ...blank[1], prevHash: "0".repeat(64) }])).toEqual({ at: 2, reason: "unlinked" });
  });
});
