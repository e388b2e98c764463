import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../client";
import { applicationControls, applications, companyFrameworkSettings, controlEvidence, users } from "../schema";
import { recordAudit, type Actor } from "../../audit/record";
import { companySettings, controlsFor } from "../../frameworks/compliance";

/** Demo Co carries ISO/IEC 42001 and the NIST AI RMF besides the EU AI Act (on by default). */
const ENABLED = ["iso-42001", "nist-ai-rmf"];

/**
 * Applications whose controls are partly met, so the frameworks pages show progress from the start: a
 * Customer AI one the demo contributor works on, and two high-tier ones.
 */
const WORKED_ON: Record<string, { implemented: number; notApplicable?: string; overdue?: boolean }> = {
  "Support chatbot": { implemented: 4, notApplicable: "The chatbot makes no decisions about people.", overdue: true },
  "CV screening ranker": { implemented: 6 },
  "Credit limit scorer": { implemented: 3, overdue: true },
};

const DAY = 86_400_000;
const isoDay = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

/** Seeds Demo Co's framework settings and some implemented controls with link evidence; after the applications. */
export async function seedFrameworks(db: Db, companyId: string): Promise<void> {
  await db.insert(companyFrameworkSettings).values(ENABLED.map((frameworkId) => ({ companyId, frameworkId, enabled: true, notes: "Chosen by the demo company." })));
  const settings = await companySettings(db, companyId);
  const rows = await db
    .select()
    .from(applications)
    .where(and(eq(applications.companyId, companyId), inArray(applications.name, Object.keys(WORKED_ON))));
  const [owner] = await db.select().from(users).where(and(eq(users.companyId, companyId), eq(users.email, "contributor@steward.test")));
  const system: Actor = { id: null, type: "system", name: "Steward demo data", companyId };

  for (const app of rows) {
    const plan = WORKED_ON[app.name];
    const controls = controlsFor({ id: app.id, name: app.name, riskTier: app.riskTier, details: app.details }, settings, undefined);
    const done = controls.slice(0, plan.implemented);
    for (const [i, control] of done.entries()) {
      await db.insert(applicationControls).values({ companyId, applicationId: app.id, controlId: control.id, status: "implemented", ownerId: owner?.id ?? null });
      await db.insert(controlEvidence).values({
        companyId,
        applicationId: app.id,
        controlId: control.id,
        name: `${control.name} record`,
        kind: "link",
        url: `https://intranet.demo-co.example/compliance/${app.id}/${control.id.toLowerCase()}`,
        // One piece of evidence a year old and lapsed, so expired evidence shows in the demo.
        effectiveOn: i === 0 ? isoDay(-375) : isoDay(-30),
        expiresOn: i === 0 ? isoDay(-10) : isoDay(365),
        addedByName: system.name,
      });
    }
    let next = plan.implemented;
    if (plan.notApplicable && controls[next]) {
      await db.insert(applicationControls).values({ companyId, applicationId: app.id, controlId: controls[next].id, status: "not_applicable", justification: plan.notApplicable });
      next += 1;
    }
    if (plan.overdue && controls[next]) {
      await db
        .insert(applicationControls)
        .values({ companyId, applicationId: app.id, controlId: controls[next].id, status: "in_progress", ownerId: owner?.id ?? null, dueDate: isoDay(-7) });
    }
    await recordAudit(db, system, { entityType: "application", entityId: app.id, action: "control.updated", after: { implemented: done.map((c) => c.id) } });
  }
}
