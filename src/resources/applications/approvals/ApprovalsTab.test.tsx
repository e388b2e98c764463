// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import type { SnapshotChange } from "../../../../domain/approvals/compare";
import { fakeProvider, initTestI18n, renderDetailPage } from "../detail/test-support";

beforeAll(initTestI18n);
afterEach(cleanup);

const snapshot = (id: string, decision: "approved" | "rejected", decided_at: string, risk_tier: "high" | "medium") => ({
  id,
  application_id: "00000000-0000-4000-8000-000000000001",
  decision,
  decided_at,
  decided_by: { id: null, name: "April Approver" },
  risk_tier,
  sha256: "ab".repeat(32),
});
const snapshots = {
  total: 2,
  items: [snapshot("00000000-0000-4000-8000-0000000000c2", "rejected", "2026-06-01T09:00:00.000Z", "medium"), snapshot("00000000-0000-4000-8000-0000000000c1", "approved", "2026-03-01T09:00:00.000Z", "high")],
};
const changes: SnapshotChange[] = [
  { section: "classification", item: null, field: "risk_tier", kind: "changed", before: "high", after: "medium" },
  { section: "answers", item: null, field: "purpose", kind: "changed", before: "Scores credit", after: "Suggests credit limits" },
  { section: "vendors", item: { id: "v1", label: "Acme" }, field: null, kind: "added", before: null, after: "Acme" },
  { section: "descriptors", item: { id: "fairness", label: "fairness" }, field: null, kind: "removed", before: "fairness", after: null },
];

describe("the Approvals tab", () => {
  it("lists each decision's snapshot and compares the one before the latest with the latest, in words", async () => {
    renderDetailPage(fakeProvider({ lists: { "approval-snapshots": snapshots, "approval-snapshots/compare": { changes } } }), "?tab=approvals");
    const list = await screen.findByRole("table", { name: "Approval snapshots" });
    const rows = within(list).getAllByRole("row").slice(1).map((r) => r.textContent);
    expect(rows[0]).toContain("Rejected");
    expect(rows[1]).toContain("Approved");
    expect(rows[1]).toContain("April Approver");

    const form = screen.getByRole("form", { name: "Compare" });
    expect(within(form).getByRole("combobox", { name: "Snapshot" }).textContent).toContain("Approved");
    expect(within(form).getByRole("combobox", { name: "With" }).textContent).toContain("Rejected");
    fireEvent.click(within(form).getByRole("button", { name: "Compare" }));
    const table = await screen.findByRole("table", { name: "Differences" });
    const differences = within(table).getAllByRole("row").slice(1).map((r) => r.textContent);
    expect(differences).toEqual([
      "Classification—Risk tierHighMedium",
      "Answers—PurposeScores creditSuggests credit limits",
      "VendorsAcmeadded—Acme",
      "Flagged descriptorsFairnessremovedfairness—",
    ]);
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toContain("4 differences");
  });

  it("says when there is nothing to compare yet", async () => {
    renderDetailPage(fakeProvider({ lists: { "approval-snapshots": { items: [], total: 0 } } }), "?tab=approvals");
    expect(await screen.findByText("This application has not been approved or rejected yet.")).toBeTruthy();
  });
});
