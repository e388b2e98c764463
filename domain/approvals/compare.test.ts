import { describe, expect, it } from "vitest";
import { compareSnapshots } from "./compare";
import type { SnapshotContent } from "./snapshot";

const base: SnapshotContent = {
  format_version: 1,
  decision: "approved",
  decided_at: "2026-03-02T10:00:00.000Z",
  decided_by: { id: null, name: "April Approver" },
  application: { id: "8d1f4c36-5a2b-4c1e-9f3a-2b7c6d5e4f30", name: "Advisor", description: null, owner: null, development_status: "testing", decided_from: "in_review", version: 4 },
  classification: { risk_tier: "high", rules_fired: ["T-HIGH-CRIT", "D-PII"], risk_descriptors: [{ key: "data-privacy-vendors", rules: ["D-PII"] }] },
  answers: { purpose: "Advises", personal_data: "personal" },
  vendors: [{ id: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", name: "Acme", status: "active", risk_level: "low", risk_reasons: [] }],
  controls: [
    {
      control_id: "C-GOV-01",
      name: "Governance",
      status: "implemented",
      justification: null,
      owner: null,
      due_date: null,
      evidence: [{ id: "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e", name: "Policy", kind: "link", url: "https://x.example", effective_on: "2026-01-01", expires_on: null, expired: false, content_type: null, size: null, sha256: null }],
    },
  ],
  tests: [],
};

describe("compareSnapshots", () => {
  it("finds nothing between a snapshot and itself, whatever the order of its lists' rules", () => {
    const reordered = { ...base, classification: { ...base.classification, rules_fired: ["D-PII", "T-HIGH-CRIT"] } };
    expect(compareSnapshots(base, reordered)).toEqual([]);
  });

  it("names each changed field, and list entries added or removed, matched by id", () => {
    const after: SnapshotContent = {
      ...base,
      decision: "rejected",
      answers: { ...base.answers, purpose: "Advises analysts" },
      vendors: [{ ...base.vendors[0], name: "Acme Corp" }],
      classification: { ...base.classification, risk_descriptors: [] },
      controls: [{ ...base.controls[0], status: "in_progress", evidence: [] }],
      tests: [{ id: "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f", name: null, data_source: "fairness_ml_user", finished_at: "2026-03-01T00:00:00.000Z", results_sha256: "ab".repeat(32) }],
    };
    expect(compareSnapshots(base, after)).toEqual([
      { section: "decision", item: null, field: "decision", kind: "changed", before: "approved", after: "rejected" },
      { section: "descriptors", item: { id: "data-privacy-vendors", label: "data-privacy-vendors" }, field: null, kind: "removed", before: "data-privacy-vendors", after: null },
      { section: "answers", item: null, field: "purpose", kind: "changed", before: "Advises", after: "Advises analysts" },
      { section: "vendors", item: { id: base.vendors[0].id, label: "Acme Corp" }, field: "name", kind: "changed", before: "Acme", after: "Acme Corp" },
      { section: "controls", item: { id: "C-GOV-01", label: "C-GOV-01 Governance" }, field: "status", kind: "changed", before: "implemented", after: "in_progress" },
      { section: "evidence", item: { id: base.controls[0].evidence[0].id, label: "C-GOV-01: Policy" }, field: null, kind: "removed", before: "C-GOV-01: Policy", after: null },
      { section: "tests", item: { id: after.tests[0].id, label: "fairness_ml_user" }, field: null, kind: "added", before: null, after: "fairness_ml_user" },
    ]);
  });
});
