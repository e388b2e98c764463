import { describe, expect, it } from "vitest";
import type { RiskTier } from "../risk/tiers";
import { APPROVAL_MOVES, APPROVAL_STATUSES, allowedApprovalMoves, checkApprovalMove, type ApprovalStatus } from "./approval";

/** A user's role names; a role check matches when a name contains the role string. */
const roles =
  (...names: string[]) =>
  (role: string) =>
    names.some((name) => name.includes(role));

const contributor = roles("ApplicationContributor");
const reviewer = roles("ApplicationReviewer");
const approver = roles("ApplicationApprover");
const administrator = roles("Administrator");
const nobody = roles();

const base: { tier: RiskTier | null; isSubmitter: boolean } = { tier: "high", isSubmitter: false };

describe("approval moves allowed by role", () => {
  it.each(APPROVAL_MOVES)("$role may move $from → $to", (move) => {
    expect(checkApprovalMove({ ...base, from: move.from, to: move.to, roles: roles(move.role) })).toEqual({ ok: true });
  });

  it.each(APPROVAL_MOVES.filter((m) => m.administratorToo))("an Administrator may also move $from → $to", (move) => {
    expect(checkApprovalMove({ ...base, from: move.from, to: move.to, roles: administrator })).toEqual({ ok: true });
  });

  it("lets an Administrator submit, but not review or decide", () => {
    expect(APPROVAL_MOVES.filter((m) => m.administratorToo).map((m) => m.to)).toEqual(["submitted", "submitted", "submitted"]);
    expect(checkApprovalMove({ ...base, from: "submitted", to: "in_review", roles: administrator })).toEqual({
      ok: false,
      reason: "workflow.errors.reviewerRoleRequired",
    });
    expect(checkApprovalMove({ ...base, from: "in_review", to: "approved", roles: administrator })).toEqual({
      ok: false,
      reason: "workflow.errors.approverRoleRequired",
    });
  });

  it("matches a role name that contains the role string", () => {
    const check = checkApprovalMove({ ...base, from: "in_review", to: "approved", roles: roles("EU-ApplicationApprover") });
    expect(check).toEqual({ ok: true });
  });
});

describe("approval moves refused", () => {
  it.each([
    { from: "draft", to: "submitted", who: reviewer, reason: "workflow.errors.contributorRoleRequired" },
    { from: "rejected", to: "submitted", who: approver, reason: "workflow.errors.contributorRoleRequired" },
    { from: "submitted", to: "in_review", who: contributor, reason: "workflow.errors.reviewerRoleRequired" },
    { from: "in_review", to: "changes_requested", who: approver, reason: "workflow.errors.reviewerRoleRequired" },
    { from: "in_review", to: "approved", who: reviewer, reason: "workflow.errors.approverRoleRequired" },
    { from: "in_review", to: "rejected", who: contributor, reason: "workflow.errors.approverRoleRequired" },
    { from: "in_review", to: "approved", who: nobody, reason: "workflow.errors.approverRoleRequired" },
  ] as const)("$from → $to without the role: $reason", ({ from, to, who, reason }) => {
    expect(checkApprovalMove({ ...base, from, to, roles: who })).toEqual({ ok: false, reason });
  });

  it("refuses every move that is not in the table, whoever asks", () => {
    const everyone = roles("Administrator", "ApplicationContributor", "ApplicationReviewer", "ApplicationApprover");
    for (const from of APPROVAL_STATUSES) {
      for (const to of APPROVAL_STATUSES) {
        if (APPROVAL_MOVES.some((m) => m.from === from && m.to === to)) continue;
        const check = checkApprovalMove({ ...base, from, to, roles: everyone });
        const reason = from === to ? "workflow.errors.sameStatus" : "workflow.errors.approvalMoveNotAllowed";
        expect(check, `${from} → ${to}`).toEqual({ ok: false, reason });
      }
    }
  });

  it("never lets the submitter approve or reject their own application", () => {
    for (const to of ["approved", "rejected"] as const) {
      expect(checkApprovalMove({ ...base, from: "in_review", to, roles: approver, isSubmitter: true })).toEqual({
        ok: false,
        reason: "workflow.errors.approverIsSubmitter",
      });
    }
  });

  it("lets the submitter make the reviewer's moves when they hold that role", () => {
    expect(checkApprovalMove({ ...base, from: "submitted", to: "in_review", roles: reviewer, isSubmitter: true })).toEqual({ ok: true });
  });

  it("never approves a prohibited application, but may reject it", () => {
    const prohibited = { ...base, tier: "prohibited" as const, from: "in_review" as const, roles: approver };
    expect(checkApprovalMove({ ...prohibited, to: "approved" })).toEqual({
      ok: false,
      reason: "workflow.errors.prohibitedNeverApproved",
    });
    expect(checkApprovalMove({ ...prohibited, to: "rejected" })).toEqual({ ok: true });
  });

  it("never approves an application that is not assessed", () => {
    expect(checkApprovalMove({ ...base, tier: null, from: "in_review", to: "approved", roles: approver })).toEqual({
      ok: false,
      reason: "workflow.errors.notAssessedNeverApproved",
    });
  });
});

describe("allowedApprovalMoves", () => {
  const targets = (from: ApprovalStatus, who: (role: string) => boolean, extra: Partial<typeof base> = {}) =>
    allowedApprovalMoves({ ...base, ...extra, from, roles: who }).map((m) => m.to);

  it("offers each role only its own next moves", () => {
    expect(targets("draft", contributor)).toEqual(["submitted"]);
    expect(targets("draft", reviewer)).toEqual([]);
    expect(targets("submitted", reviewer)).toEqual(["in_review"]);
    expect(targets("in_review", reviewer)).toEqual(["changes_requested"]);
    expect(targets("in_review", approver)).toEqual(["approved", "rejected"]);
    expect(targets("in_review", roles("ApplicationReviewer", "ApplicationApprover"))).toEqual([
      "changes_requested",
      "approved",
      "rejected",
    ]);
    expect(targets("approved", roles("Administrator", "ApplicationApprover"))).toEqual([]);
  });

  it("leaves out approval for a prohibited application and decisions for the submitter", () => {
    expect(targets("in_review", approver, { tier: "prohibited" })).toEqual(["rejected"]);
    expect(targets("in_review", approver, { isSubmitter: true })).toEqual([]);
  });
});
