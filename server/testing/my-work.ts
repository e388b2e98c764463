import { and, sql } from "drizzle-orm";
import { readableApplications } from "../applications/store";
import { scopeOf } from "../access/scope";
import { applications } from "../db/schema";
import { workRows, type WorkSource } from "../my-work/work-source";
import { fairnessTestDueSql, fairnessTestedWhere, untestedSince, validSince } from "./due";

/**
 * The testing part of My Work: applications flagged `fairness` without a test with results in the last year, for
 * the people who may start one on them. Dated by when the last test ran out (overdue), undated when never tested.
 */
export const testingWork: WorkSource = (request, { now }) => ({
  fairness_test_due: workRows({
    kind: "fairness_test_due",
    application: { id: applications.id, name: applications.name, tier: applications.riskTier },
    due: { text: fairnessTestDueSql, order: fairnessTestDueSql },
    from: sql`${applications}`,
    where: and(
      fairnessTestedWhere,
      readableApplications(request),
      untestedSince(validSince(now)),
      scopeOf(request.ability, "create", "TestingTask", { companyId: applications.companyId, applicationId: applications.id }),
    ),
  }),
});
