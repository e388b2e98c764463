import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { reportDeadline, type CorrectiveAction, type IncidentSeverity, type IncidentStatus, type SeriousIncidentType } from "../../../domain/entities/incident";
import { recordAudit, type Actor } from "../../audit/record";
import { incidentRecord } from "../../incidents/store";
import type { Db } from "../client";
import { applications, incidents, users } from "../schema";

interface DemoIncident {
  application: string;
  title: string;
  description: string;
  severity: IncidentSeverity;
  status: IncidentStatus;
  /** Detected this many days ago (it occurred a day earlier). */
  detectedDaysAgo: number;
  serious?: SeriousIncidentType;
  reported?: boolean;
  affectedPeople?: number;
  rootCause?: string;
  owner: string;
  actions?: Array<Omit<CorrectiveAction, "id" | "owner_id" | "due_date" | "control_id"> & { owner: string; dueInDays: number }>;
}

/**
 * Three incidents of the demo applications: a serious one whose report to the authority is due in three days
 * (on My Work of the demo contributor and reviewer), one resolved and reported, and a minor one still open.
 */
const DEMO_INCIDENTS: DemoIncident[] = [
  {
    application: "Support chatbot",
    title: "Chatbot advised a customer to double a medication dose",
    description: "Asked about a delayed delivery of medicine, the chatbot told the customer to take twice the usual dose once it arrived.",
    severity: "critical",
    status: "investigating",
    detectedDaysAgo: 12,
    serious: "health_harm",
    affectedPeople: 1,
    owner: "carlos",
    actions: [
      { description: "Block medical dosage advice in the chatbot's guardrails", owner: "carlos", dueInDays: 2, done: false },
      { description: "Review a week of transcripts for similar answers", owner: "rene", dueInDays: 7, done: false },
    ],
  },
  {
    application: "Credit limit scorer",
    title: "Credit limits lowered for one postcode after a data feed error",
    description: "A broken address feed set every applicant of one postcode to the highest risk band for two days.",
    severity: "high",
    status: "resolved",
    detectedDaysAgo: 40,
    serious: "fundamental_rights",
    reported: true,
    affectedPeople: 312,
    rootCause: "The address feed's schema changed without notice; the scorer read the postcode field as empty.",
    owner: "ada",
    actions: [{ description: "Validate the address feed's schema before scoring", owner: "ada", dueInDays: -20, done: true }],
  },
  {
    application: "Invoice data extractor",
    title: "VAT numbers misread on scanned invoices",
    description: "Faint scans swap 8 and 3 in VAT numbers; the accounts team caught it before payment.",
    severity: "low",
    status: "open",
    detectedDaysAgo: 3,
    owner: "carlos",
  },
];

const DAY = 86_400_000;

/** Seeds Demo Co's incidents and the audit of their recording; after the applications. */
export async function seedIncidents(db: Db, companyId: string): Promise<void> {
  const people = await db.select().from(users).where(eq(users.companyId, companyId));
  const idOf = (first: string) => people.find((u) => u.firstName.toLowerCase() === first)?.id ?? null;
  const apps = await db
    .select({ id: applications.id, name: applications.name })
    .from(applications)
    .where(and(eq(applications.companyId, companyId), inArray(applications.name, DEMO_INCIDENTS.map((i) => i.application))));
  const system: Actor = { id: null, type: "system", name: "Steward demo data", companyId };
  const now = Date.now();

  for (const demo of DEMO_INCIDENTS) {
    const app = apps.find((a) => a.name === demo.application);
    if (!app) continue;
    const detectedAt = new Date(now - demo.detectedDaysAgo * DAY);
    const deadline = demo.serious ? new Date(reportDeadline(detectedAt, demo.serious)) : null;
    const [row] = await db
      .insert(incidents)
      .values({
        companyId,
        applicationId: app.id,
        title: demo.title,
        description: demo.description,
        severity: demo.severity,
        status: demo.status,
        occurredAt: new Date(detectedAt.getTime() - DAY),
        detectedAt,
        affectedPeople: demo.affectedPeople ?? null,
        serious: demo.serious !== undefined,
        seriousType: demo.serious ?? null,
        reportDeadline: deadline,
        reportedAt: demo.reported && deadline ? new Date(deadline.getTime() - DAY) : null,
        rootCause: demo.rootCause ?? null,
        correctiveActions: (demo.actions ?? []).map(({ owner, dueInDays, ...action }) => ({
          ...action,
          id: randomUUID(),
          owner_id: idOf(owner),
          due_date: new Date(now + dueInDays * DAY).toISOString().slice(0, 10),
          control_id: null,
        })),
        ownerId: idOf(demo.owner),
        createdBy: idOf(demo.owner),
      })
      .returning();
    await recordAudit(db, system, { entityType: "incident", entityId: row.id, action: "incident.created", after: incidentRecord(row) });
  }
}
