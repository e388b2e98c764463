import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { canonicalJson } from "./canonical-json";
import { chainContent, chainHashInput, type ChainedEntry } from "./chain";

const entry: ChainedEntry = {
  id: "0b9f5a52-3c1d-4e7a-9d55-5d2f8f0a1b2c",
  seq: 7,
  actor_id: null,
  actor_type: "system",
  actor_name: "Steward",
  entity_type: "application",
  entity_id: "3f0c7c7e-1d52-4f38-8f5e-2a7b9c2d4e6f",
  action: "approval.moved",
  before: { approval_status: "in_review" },
  after: { approval_status: "approved", note: "\u00e9\n\"quoted\"" },
  created_at: "2026-03-01T10:00:00.123Z",
};

describe("the chain's hash input", () => {
  it("is the previous hash, a line break and the entry's canonical content, without its company", () => {
    expect(chainHashInput("ab".repeat(32), entry)).toBe(`${"ab".repeat(32)}\n${canonicalJson(chainContent(entry))}`);
    expect(chainHashInput(null, entry).startsWith('\n{"action":"approval.moved","actor_id":null,')).toBe(true);
    expect(chainHashInput(null, { ...entry, companyId: "elsewhere" } as ChainedEntry)).toBe(chainHashInput(null, entry));
  });

  it("equals the canonical JSON of the content for any entry", () => {
    const text = fc.string({ unit: "grapheme" });
    fc.assert(
      fc.property(
        fc.record({ actor_id: fc.option(fc.uuid()), actor_name: text, action: text, entity_type: text, before: fc.jsonValue(), after: fc.jsonValue(), seq: fc.nat() }),
        (parts) => {
          const candidate = { ...entry, ...parts };
          expect(chainHashInput("f".repeat(64), candidate)).toBe(`${"f".repeat(64)}\n${canonicalJson(chainContent(candidate))}`);
        },
      ),
      { seed: 21, numRuns: 300 },
    );
  });
});
