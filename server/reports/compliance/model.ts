import type { FastifyRequest } from "fastify";
import { and, asc, eq, sql } from "drizzle-orm";
import { applicableControls, type Control, type ControlStatus, type Framework, type Requirement, type RiskTier } from "../../../domain/frameworks";
import type { Db } from "../../db/client";
import { applicationCompliance, applicationControls, applications as applicationTable, users } from "../../db/schema";
import { literal } from "../../frameworks/summary/scope-sql";
import { companySettings, type CompanySetting } from "../../frameworks/compliance";
import { frameworkControls, readableScope } from "../../frameworks/readable";

/** Where a control stands for one application: done (implemented), justified as not applying, or missing. */
export type Standing = "implemented" | "not_applicable" | "missing";

export interface Counts {
  implemented: number;
  not_applicable: number;
  missing: number;
}

export interface ReportApplication {
  id: string;
  name: string;
  tier: RiskTier | null;
  counts: Counts;
}

/** A control that applies to an application and is neither implemented nor justified as not applicable. */
export interface Gap {
  requirement: Requirement;
  control: Control;
  application: ReportApplication;
  status: Exclude<ControlStatus, "implemented" | "not_applicable">;
  owner: string | null;
  dueDate: string | null;
  overdue: boolean;
}

export interface RequirementStanding {
  requirement: Requirement;
  /** Each mapped control with its counts over the applications it applies to (none when it applies to none). */
  controls: { control: Control; counts: Counts }[];
  counts: Counts;
}

export interface ComplianceReport {
  framework: Framework;
  setting: CompanySetting;
  /** The applications the caller reads that the framework applies to, by name. */
  applications: ReportApplication[];
  requirements: RequirementStanding[];
  gaps: Gap[];
  counts: Counts;
}

const noCounts = (): Counts => ({ implemented: 0, not_applicable: 0, missing: 0 });
const standingOf = (status: ControlStatus): Standing => (status === "implemented" || status === "not_applicable" ? status : "missing");

/**
 * A framework's compliance over the applications in its scope that the caller reads: for each requirement, its
 * mapped controls and how many applications have each implemented, justified as not applicable, or missing (a
 * control counts for an application when it applies at the application's tier), and every gap.
 */
export async function complianceReport(db: Db, request: FastifyRequest, framework: Framework, today: string): Promise<ComplianceReport> {
  const companyId = request.user.companyId;
  // The applications in its scope come from the kept summary (a row per application a framework applies to).
  const inScope = and(eq(applicationCompliance.companyId, companyId), eq(applicationCompliance.frameworkId, framework.id), readableScope(request));
  // The library's controls as constants, not parameters.
  const mapped = frameworkControls(framework);
  const [settings, applying, stored] = await Promise.all([
    companySettings(db, companyId),
    db
      .select({ id: applicationTable.id, name: applicationTable.name, riskTier: applicationTable.riskTier })
      .from(applicationCompliance)
      .innerJoin(applicationTable, eq(applicationTable.id, applicationCompliance.applicationId))
      .where(inScope)
      .orderBy(asc(applicationTable.name), asc(applicationTable.id)),
    db
      .select({
        applicationId: applicationControls.applicationId,
        controlId: applicationControls.controlId,
        status: applicationControls.status,
        dueDate: applicationControls.dueDate,
        owner: sql<string | null>`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
      })
      .from(applicationControls)
      .innerJoin(applicationCompliance, and(eq(applicationCompliance.applicationId, applicationControls.applicationId), eq(applicationCompliance.frameworkId, framework.id)))
      .innerJoin(applicationTable, eq(applicationTable.id, applicationControls.applicationId))
      .leftJoin(users, eq(users.id, applicationControls.ownerId))
      .where(and(inScope, eq(applicationControls.companyId, companyId), sql`${applicationControls.controlId} in (${sql.raw(mapped.map((c) => literal(c.id)).join(", "))})`)),
  ]);
  const byPair = new Map(stored.map((s) => [`${s.applicationId}/${s.controlId}`, s]));

  const applications: ReportApplication[] = applying.map((a) => ({ id: a.id, name: a.name, tier: a.riskTier, counts: noCounts() }));
  const perControl = new Map<string, Counts>(); // `${requirement}/${control}`
  const gaps: Gap[] = [];
  const counts = noCounts();
  const requirementsById = new Map(framework.requirements.map((r) => [r.id, r]));
  for (const application of applications) {
    // The controls it needs under this framework at its tier, each limited to the requirements binding at that tier.
    for (const control of applicableControls([framework], application.tier)) {
      const row = byPair.get(`${application.id}/${control.id}`);
      const status: ControlStatus = row?.status ?? "not_started";
      const standing = standingOf(status);
      application.counts[standing] += 1;
      counts[standing] += 1;
      for (const requirementId of control.requirement_ids) {
        const key = `${requirementId}/${control.id}`;
        const tally = perControl.get(key) ?? noCounts();
        tally[standing] += 1;
        perControl.set(key, tally);
        if (standing === "missing") {
          const dueDate = row?.dueDate ?? null;
          gaps.push({
            requirement: requirementsById.get(requirementId)!,
            control,
            application,
            status: status as Gap["status"],
            owner: row?.owner ?? null,
            dueDate,
            overdue: dueDate !== null && dueDate < today,
          });
        }
      }
    }
  }

  const order = new Map(framework.requirements.map((r, i) => [r.id, i]));
  gaps.sort((a, b) => order.get(a.requirement.id)! - order.get(b.requirement.id)! || a.control.id.localeCompare(b.control.id) || a.application.name.localeCompare(b.application.name));
  const requirements = framework.requirements.map((requirement): RequirementStanding => {
    const controls = mapped.filter((c) => c.requirement_ids.includes(requirement.id)).map((control) => ({ control, counts: perControl.get(`${requirement.id}/${control.id}`) ?? noCounts() }));
    const total = noCounts();
    for (const c of controls) for (const k of ["implemented", "not_applicable", "missing"] as const) total[k] += c.counts[k];
    return { requirement, controls, counts: total };
  });
  return { framework, setting: settings.get(framework.id)!, applications, requirements, gaps, counts };
}
