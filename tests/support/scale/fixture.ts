import { sql } from "drizzle-orm";
import type { Db } from "../../../server/db/client";
import { queryRows } from "../../../server/db/client";
import { DEMO_GROUPS } from "../../../server/db/seed/access";
import { appendAudit, insertIncidents, insertNotifications } from "./activity";
import { enableFrameworks, insertControls, insertEvidence } from "./compliance";
import type { Generated } from "./generated";
import { growGroup, insertApplications, insertAssessments, insertVendorLinks } from "./inventory";

/**
 * A seeded demo database (server/db/seed, with its applications) grown to an enterprise's depth by SQL alone:
 * each table filled by one INSERT … SELECT over generate_series (the audit chain by its own append, thousands of
 * entries a statement), never a request or an insert per row. `npm run bench:pages` and the pages-at-scale API
 * test build their data with it.
 */
export interface ScaleSize {
  /** Copies of the demo applications added to Demo Co. */
  applications: number;
  /** Link evidence on implemented controls (about a third of the applications have control records). */
  evidence: number;
  notifications: number;
  incidents: number;
  auditEntries: number;
  /** Each copy's classification recorded as its first assessment, as the API records one (adds a row per application). */
  assessments: boolean;
  /** Applications in the "Customer AI" group, the demo Contributor's SELECTED group. */
  contributorApplications: number;
}

/** The depth a large company reaches: about a million control records at 100,000 applications. */
export const ENTERPRISE: ScaleSize = { applications: 100_000, evidence: 300_000, notifications: 20_000, incidents: 2_000, auditEntries: 50_000, assessments: true, contributorApplications: 5_000 };

export interface ScaleFixture {
  companyId: string;
  /** An application every demo caller reads (it is in the Contributor's group) with control records, evidence and incidents. */
  sampleApplicationId: string;
  /** One of its incidents, and a vendor of the company, for the detail pages. */
  sampleIncidentId: string;
  sampleVendorId: string;
  /** Rows per table after growing, and how long each step took (ms). */
  rows: Record<string, number>;
  steps: Array<{ step: string; ms: number }>;
}


/** The demo company's people by e-mail (five users). */
async function demoPeople(db: Db, companyId: string): Promise<Map<string, { id: string; name: string }>> {
  const rows = await queryRows<{ id: string; email: string; name: string }>(
    db,
    sql`select id, email, first_name || ' ' || last_name as name from users where company_id = ${companyId}::uuid`,
  );
  return new Map(rows.map((r) => [r.email, { id: r.id, name: r.name }]));
}

export async function growDemoCompany(db: Db, size: ScaleSize): Promise<ScaleFixture> {
  const steps: ScaleFixture["steps"] = [];
  const timed = async <T>(step: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await run();
    steps.push({ step, ms: performance.now() - started });
    return result;
  };
  const [company] = await queryRows<{ id: string; group_id: string }>(
    db,
    sql`select c.id, g.id as group_id from companies c join resource_groups g on g.company_id = c.id and g.name = ${DEMO_GROUPS.customerAi.name} where c.name = 'Demo Co'`,
  );
  if (!company) throw new Error("the scale fixture grows a seeded demo database: Demo Co and its groups are missing");
  const demo = await queryRows<{ id: string }>(db, sql`select id from applications where company_id = ${company.id}::uuid`);
  if (demo.length === 0) throw new Error("the scale fixture copies the demo applications: seed them first");
  const gen: Generated = { companyId: company.id, count: size.applications, demoIds: demo.map((d) => d.id) };
  const people = await demoPeople(db, company.id);
  const callers = ["admin@steward.test", "reviewer@steward.test", "contributor@steward.test", "approver@steward.test"].map((email) => people.get(email)!.id);
  const admin = people.get("admin@steward.test")!;

  await timed("applications", () => insertApplications(db, gen));
  if (size.assessments) await timed("assessments", () => insertAssessments(db, gen));
  await timed("vendor links", () => insertVendorLinks(db, gen));
  const step = await timed("contributor's group", () => growGroup(db, gen, company.group_id, size.contributorApplications));
  await timed("frameworks enabled", () => enableFrameworks(db, company.id));
  await timed("application controls", () => insertControls(db, gen, callers));
  await timed("control evidence", () => insertEvidence(db, company.id, size.evidence, callers));
  const targets = { gen, userIds: callers, step, groupSize: Math.min(size.contributorApplications, size.applications) };
  await timed("notifications", () => insertNotifications(db, targets, size.notifications));
  await timed("incidents", () => insertIncidents(db, targets, size.incidents));
  await timed("audit entries", () => appendAudit(db, targets, { id: admin.id, type: "user", name: admin.name, companyId: company.id }, size.auditEntries));
  // What the server keeps computed from these rows (the compliance summary) its triggers kept up to date
  // statement by statement, as they do for any write.
  // The statistics autovacuum would gather by itself on a live server (the embedded database never does).
  await timed("analyze", () => db.execute(sql`analyze`));

  return { companyId: company.id, ...(await samples(db, company.id, company.group_id)), rows: await rowCounts(db, company.id), steps };
}

/** The application the tabs are measured on: in the Contributor's group, with incidents and evidence on its controls. */
async function samples(db: Db, companyId: string, groupId: string) {
  const [sample] = await queryRows<{ application_id: string; incident_id: string }>(
    db,
    sql`select i.application_id, i.id as incident_id from incidents i
        join resource_group_resources r on r.resource_id = i.application_id and r.resource_group_id = ${groupId}::uuid
        where i.company_id = ${companyId}::uuid and exists (select 1 from control_evidence e where e.application_id = i.application_id)
        order by i.application_id, i.id limit 1`,
  );
  const [vendor] = await queryRows<{ id: string }>(db, sql`select id from vendors where company_id = ${companyId}::uuid order by name limit 1`);
  if (!sample || !vendor) throw new Error("the scale fixture found no application with incidents and evidence in the Contributor's group");
  return { sampleApplicationId: sample.application_id, sampleIncidentId: sample.incident_id, sampleVendorId: vendor.id };
}

const COUNTED = ["applications", "application_controls", "control_evidence", "notifications", "incidents", "audit_log", "application_vendors", "application_assessments"];

async function rowCounts(db: Db, companyId: string): Promise<Record<string, number>> {
  const counts = sql.join(
    COUNTED.map((table) => sql`(select count(*) from ${sql.identifier(table)} where company_id = ${companyId}::uuid)::int as ${sql.identifier(table)}`),
    sql`, `,
  );
  const [row] = await queryRows<Record<string, number>>(db, sql`select ${counts}`);
  const groupSize = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from resource_group_resources r join resource_groups g on g.id = r.resource_group_id where g.company_id = ${companyId}::uuid and g.name = ${DEMO_GROUPS.customerAi.name}`,
  );
  return { ...row, contributor_group: groupSize[0].n };
}
