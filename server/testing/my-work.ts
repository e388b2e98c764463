import { and } from "drizzle-orm";
import { readableApplications } from "../applications/store";
import type { WorkSource } from "../my-work/work-source";
import { fairnessTestDue, fairnessTestedApplications, untestedSince, validSince } from "./due";
import { testingTaskSubject } from "./store";

/**
 * The testing part of My Work: applications flagged `fairness` without a test with results in the last year, for
 * the people who may start one on them. Dated by when the last test ran out (overdue), undated when never tested.
 */
export const testingWork: WorkSource = async (db, request) => {
  const rows = await fairnessTestedApplications(db, and(readableApplications(request), untestedSince(validSince(new Date()))));
  return rows
    .filter((a) => request.ability.can("create", testingTaskSubject(a.companyId, a.id, a.groupIds)))
    .map((a) => ({
      kind: "fairness_test_due" as const,
      application: { id: a.id, name: a.name, risk_tier: a.tier },
      subject: null,
      due_date: a.lastTested ? fairnessTestDue(a.lastTested) : null,
      link: `/applications/detail/${a.id}?tab=testing`,
    }));
};
