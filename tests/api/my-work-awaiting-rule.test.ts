import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "../support/test-app";
import { queryRows, type Database } from "../../server/db/client";
import { AWAITING_RULES, APPROVAL_STATUSES, awaitingActions, type AwaitingApplication } from "../../domain/workflow";
import type { RoleName } from "../../domain/access/current-user";
import { awaitingRuleSql } from "../../server/my-work/awaiting-sql";

/** The SQL My Work pages with and domain's awaitingActions decide the same, for every status, role and person. */
let made: Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;

beforeAll(async () => {
  made = await createTestDatabase();
  database = made.database;
});
afterAll(async () => {
  await database?.close();
  await made?.drop();
});

const ME = "00000000-0000-4000-8000-000000000001";
const SOMEONE = "00000000-0000-4000-8000-000000000002";
const ROLES: RoleName[] = ["Administrator", "ApplicationContributor", "ApplicationReviewer", "ApplicationApprover"];

interface Case {
  app: AwaitingApplication;
  held: RoleName[];
}

/** Every approval status × reset or not × owner (me, someone, nobody) × submitter (same) × every set of roles held. */
function everyCase(): Case[] {
  const people = [ME, SOMEONE, null];
  const roleSets = Array.from({ length: 1 << ROLES.length }, (_, mask) => ROLES.filter((_, i) => mask & (1 << i)));
  const cases: Case[] = [];
  for (const approval_status of APPROVAL_STATUSES)
    for (const approval_reset_reason of [null, "tier_changed"])
      for (const owner_id of people)
        for (const submitted_by of people)
          for (const held of roleSets) cases.push({ app: { approval_status, approval_reset_reason, owner_id, submitted_by }, held });
  return cases;
}

describe("the awaiting rule in SQL", () => {
  it("agrees with awaitingActions over every status, reset, owner, submitter and set of roles", async () => {
    const cases = everyCase();
    expect(cases.length).toBe(APPROVAL_STATUSES.length * 2 * 3 * 3 * 16);
    const columns = { status: sql`c.status`, submittedBy: sql`c.submitted_by`, ownerId: sql`c.owner_id`, resetReason: sql`c.reset_reason` };
    const holds = (role: RoleName) => sql`(${role} = any(c.held))`;
    const verdicts = AWAITING_RULES.map((rule) => sql`case when ${awaitingRuleSql(rule, columns, ME, holds)} then ${rule.kind}::text end`);
    // The cases travel as one JSON parameter and are unpacked by the database.
    const rows = await queryRows<{ n: number; kinds: string[] | null }>(
      database.db,
      sql`select c.n, array_remove(array[${sql.join(verdicts, sql`, `)}], null) as kinds
          from jsonb_to_recordset(${JSON.stringify(cases.map((c, n) => ({ n, status: c.app.approval_status, submitted_by: c.app.submitted_by, owner_id: c.app.owner_id, reset_reason: c.app.approval_reset_reason, held: c.held })))}::jsonb)
            as j(n int, status text, submitted_by uuid, owner_id uuid, reset_reason text, held jsonb)
          cross join lateral (select j.n, j.status, j.submitted_by, j.owner_id, j.reset_reason, array(select jsonb_array_elements_text(j.held)) as held) c
          order by c.n`,
    );
    expect(rows).toHaveLength(cases.length);
    const disagreements = rows.filter((row) => {
      const c = cases[Number(row.n)];
      const expected = awaitingActions(c.app, { id: ME, holds: (role) => c.held.includes(role) });
      return JSON.stringify(row.kinds ?? []) !== JSON.stringify(expected);
    });
    expect(disagreements).toEqual([]);
    // The cases reach every kind, so agreeing is not agreeing on nothing.
    expect(new Set(rows.flatMap((r) => r.kinds ?? []))).toEqual(new Set(AWAITING_RULES.map((r) => r.kind)));
  });

  it("refuses a rule with a condition it does not translate", () => {
    const rule = { kind: "review", status: "submitted", vetoedBy: "Administrator" } as never;
    expect(() => awaitingRuleSql(rule, { status: sql`s`, submittedBy: sql`b`, ownerId: sql`o`, resetReason: sql`r` }, ME, () => sql`true`)).toThrow(/vetoedBy/);
  });
});
