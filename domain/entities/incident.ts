import { z } from "zod";
import { listQuerySchema, listResponseSchema, multiValue, queryBoolean } from "../api/list";
import type { ProblemFieldError } from "../api/problem";

/** Most severe first: the order lists sort by (`sort=severity` puts critical incidents on top). */
export const INCIDENT_SEVERITIES = ["critical", "high", "medium", "low"] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];

export const INCIDENT_STATUSES = ["open", "investigating", "resolved", "closed"] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

/**
 * The status moves, the only place that says which exist: an incident is investigated, resolved, then
 * closed; a resolved or closed one is reopened when it turns out not to be over. Staying put is no move.
 */
export const INCIDENT_STATUS_MOVES: Readonly<Record<IncidentStatus, readonly IncidentStatus[]>> = {
  open: ["investigating"],
  investigating: ["resolved"],
  resolved: ["closed", "open"],
  closed: ["open"],
};

export function canMoveIncident(from: IncidentStatus, to: IncidentStatus): boolean {
  return from === to || INCIDENT_STATUS_MOVES[from].includes(to);
}

/** Not yet resolved: what still waits on someone (My Work, reminders). */
export const INCIDENT_OPEN_STATUSES = ["open", "investigating"] as const satisfies readonly IncidentStatus[];

/** What makes an incident serious in the sense of the EU AI Act (Art. 3(49)), which decides how soon it is reported. */
export const SERIOUS_INCIDENT_TYPES = [
  "death",
  "widespread_infringement",
  "critical_infrastructure",
  "health_harm",
  "fundamental_rights",
  "property_environment",
] as const;
export type SeriousIncidentType = (typeof SERIOUS_INCIDENT_TYPES)[number];

/**
 * EU AI Act Art. 73: a serious incident is reported to the market-surveillance authority within 15 days of
 * becoming aware of it; within 10 days where a person died (Art. 73(4)); within 2 days for a widespread
 * infringement or a serious and irreversible disruption of critical infrastructure (Art. 73(3)).
 */
export const REPORT_PERIOD_DAYS: Readonly<Record<SeriousIncidentType, number>> = {
  death: 10,
  widespread_infringement: 2,
  critical_infrastructure: 2,
  health_harm: 15,
  fundamental_rights: 15,
  property_environment: 15,
};

/** A report is "due soon" this many days before its deadline: My Work lists it and the reminders start. */
export const REPORT_DUE_SOON_DAYS = 5;

const DAY_MS = 86_400_000;

/** When the report to the authority is due: the period of the incident's type, counted from its detection (ISO timestamp). */
export function reportDeadline(detectedAt: string | Date, seriousType: SeriousIncidentType): string {
  return new Date(new Date(detectedAt).getTime() + REPORT_PERIOD_DAYS[seriousType] * DAY_MS).toISOString();
}

/** What decides whether an incident still has to be reported, and by when. */
export interface ReportState {
  serious: boolean;
  reported_at: string | null;
  report_deadline: string | null;
}

const awaitingReport = (incident: ReportState): incident is ReportState & { report_deadline: string } =>
  incident.serious && incident.reported_at === null && incident.report_deadline !== null;

/** Serious, not reported, and the deadline has passed. */
export function isReportOverdue(incident: ReportState, now: Date = new Date()): boolean {
  return awaitingReport(incident) && new Date(incident.report_deadline).getTime() < now.getTime();
}

/** Serious, not reported, and the deadline is at most REPORT_DUE_SOON_DAYS away (or past). */
export function reportDueSoon(incident: ReportState, now: Date = new Date()): boolean {
  return awaitingReport(incident) && new Date(incident.report_deadline).getTime() <= now.getTime() + REPORT_DUE_SOON_DAYS * DAY_MS;
}

/** The messages of the incident rules (i18n keys in locales/<lng>/incidents.json). */
export const INCIDENT_ERRORS = {
  detectedBeforeOccurred: "incidents.validation.detectedBeforeOccurred",
  reportedBeforeDetected: "incidents.validation.reportedBeforeDetected",
  seriousTypeRequired: "incidents.validation.seriousTypeRequired",
  seriousTypeNotSerious: "incidents.validation.seriousTypeNotSerious",
  statusMove: "incidents.validation.statusMove",
  ownerUnknown: "incidents.validation.ownerUnknown",
  controlUnknown: "incidents.validation.controlUnknown",
  applicationUnknown: "incidents.validation.applicationUnknown",
  actionIdTwice: "incidents.validation.actionIdTwice",
  timestampRange: "incidents.validation.timestampRange",
} as const;

/** The facts the rules across fields look at, as stored after an edit. */
export interface IncidentFacts {
  occurred_at: string | null;
  detected_at: string;
  reported_at: string | null;
  serious: boolean;
  serious_type: SeriousIncidentType | null;
}

/**
 * The rules across fields, each naming the field to fix: it is detected no earlier than it occurred and
 * reported no earlier than detected; a serious incident has a type and only a serious one has one.
 */
export function incidentFactErrors(facts: IncidentFacts): ProblemFieldError[] {
  const time = (iso: string) => new Date(iso).getTime();
  const errors: ProblemFieldError[] = [];
  if (facts.occurred_at && time(facts.detected_at) < time(facts.occurred_at)) errors.push({ path: "detected_at", message: INCIDENT_ERRORS.detectedBeforeOccurred });
  if (facts.reported_at && time(facts.reported_at) < time(facts.detected_at)) errors.push({ path: "reported_at", message: INCIDENT_ERRORS.reportedBeforeDetected });
  if (facts.serious && !facts.serious_type) errors.push({ path: "serious_type", message: INCIDENT_ERRORS.seriousTypeRequired });
  if (!facts.serious && facts.serious_type) errors.push({ path: "serious_type", message: INCIDENT_ERRORS.seriousTypeNotSerious });
  return errors;
}

export const INCIDENT_TITLE_MAX_LENGTH = 200;
export const INCIDENT_TEXT_MAX_LENGTH = 10_000;
export const CORRECTIVE_ACTIONS_MAX = 100;
/** The largest count an integer column holds. */
const AFFECTED_PEOPLE_MAX = 2_147_483_647;

/** Years an incident's timestamps may name: a typo like 0202 or 20260 is refused, not stored. */
const YEARS = { min: 1900, max: 2999 };

/** An ISO timestamp with its offset, stored as the instant it names (answered in UTC). */
const timestamp = z.iso
  .datetime({ offset: true, abort: true })
  .refine((v) => new Date(v).getUTCFullYear() >= YEARS.min && new Date(v).getUTCFullYear() <= YEARS.max, INCIDENT_ERRORS.timestampRange)
  .transform((v) => new Date(v).toISOString());

/** Blank text is no value: optional text fields store null. */
const optionalText = z
  .string()
  .trim()
  .max(INCIDENT_TEXT_MAX_LENGTH, "validation.tooLong")
  .transform((v) => v || null)
  .nullable();

const titleSchema = z.string().trim().min(1, "validation.required").max(INCIDENT_TITLE_MAX_LENGTH, "validation.tooLong");

/** A catalogue control's id, as the controls routes name them. */
const controlIdSchema = z.string().regex(/^C-[A-Z]+-\d{2}$/, INCIDENT_ERRORS.controlUnknown);

const correctiveActionSchema = z.object({
  id: z.uuid(),
  description: z.string(),
  owner_id: z.uuid().nullable(),
  due_date: z.string().nullable(),
  /** A control of the incident's application that the action strengthens. */
  control_id: z.string().nullable(),
  done: z.boolean(),
});
export type CorrectiveAction = z.infer<typeof correctiveActionSchema>;

/** A corrective action as sent: without an id it is new (the server names it), with one it keeps it. */
const correctiveActionInputSchema = z
  .object({
    id: z.uuid().optional(),
    description: z.string().trim().min(1, "validation.required").max(2000, "validation.tooLong"),
    owner_id: z.uuid().nullable().optional(),
    due_date: z.iso.date().nullable().optional(),
    control_id: controlIdSchema.nullable().optional(),
    done: z.boolean().optional(),
  })
  .strict();
export type CorrectiveActionInput = z.infer<typeof correctiveActionInputSchema>;

/** The whole list of corrective actions: a write replaces it; an id appears at most once. */
const correctiveActionsSchema = z
  .array(correctiveActionInputSchema)
  .max(CORRECTIVE_ACTIONS_MAX)
  .superRefine((actions, ctx) => {
    const seen = new Set<string>();
    actions.forEach((action, i) => {
      if (action.id && seen.has(action.id)) ctx.addIssue({ code: "custom", path: [i, "id"], message: INCIDENT_ERRORS.actionIdTwice });
      if (action.id) seen.add(action.id);
    });
  });

const personSchema = z.object({ id: z.uuid(), name: z.string() });

/** An AI incident as lists and the detail page see it. */
export const incidentSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  application: z.object({ id: z.uuid(), name: z.string() }),
  severity: z.enum(INCIDENT_SEVERITIES),
  status: z.enum(INCIDENT_STATUSES),
  occurred_at: z.string().nullable(),
  detected_at: z.string(),
  description: z.string().nullable(),
  affected_people: z.number().int().nullable(),
  serious: z.boolean(),
  serious_type: z.enum(SERIOUS_INCIDENT_TYPES).nullable(),
  /** When the report to the authority is due (serious incidents only): computed from `detected_at` and `serious_type`, never sent. */
  report_deadline: z.string().nullable(),
  /** When it was reported to the market-surveillance authority. */
  reported_at: z.string().nullable(),
  /** Serious, not reported, and the deadline has passed. */
  report_overdue: z.boolean(),
  root_cause: z.string().nullable(),
  corrective_actions: z.array(correctiveActionSchema),
  owner_id: z.uuid().nullable(),
  owner: personSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The edit counter: send it back as `If-Match: "<version>"` so a stale edit is refused with 412. */
  version: z.number().int(),
  /** The resource groups its application belongs to: the browser checks the incident by the API's rules with them. */
  resource_group_ids: z.array(z.uuid()),
});
export type Incident = z.infer<typeof incidentSchema>;

export const INCIDENT_SORT_KEYS = ["title", "severity", "status", "detected_at", "report_deadline", "created_at", "updated_at"] as const;
export const incidentListQuerySchema = listQuerySchema(INCIDENT_SORT_KEYS).extend({
  application_id: multiValue(z.uuid()),
  severity: multiValue(z.enum(INCIDENT_SEVERITIES)),
  status: multiValue(z.enum(INCIDENT_STATUSES)),
  /** `true`: only serious incidents not reported past their deadline; `false`: all the others. */
  overdue_report: queryBoolean.optional(),
});
export type IncidentListQuery = z.infer<typeof incidentListQuerySchema>;
export const incidentListResponseSchema = listResponseSchema(incidentSchema);

/** The fields both a new incident and an edit may carry (an edit any of them, a new one the required ones). */
const editableShape = {
  title: titleSchema,
  severity: z.enum(INCIDENT_SEVERITIES),
  occurred_at: timestamp.nullable().optional(),
  detected_at: timestamp,
  description: optionalText.optional(),
  affected_people: z.number().int().min(0).max(AFFECTED_PEOPLE_MAX).nullable().optional(),
  serious: z.boolean().optional(),
  serious_type: z.enum(SERIOUS_INCIDENT_TYPES).nullable().optional(),
  reported_at: timestamp.nullable().optional(),
  root_cause: optionalText.optional(),
  corrective_actions: correctiveActionsSchema.optional(),
  owner_id: z.uuid().nullable().optional(),
};

/** POST /incidents: a new incident starts `open`; its owner is its creator unless the body names one. */
export const incidentCreateSchema = z
  .object({ application_id: z.uuid(), ...editableShape })
  .strict()
  .superRefine((body, ctx) => {
    const facts = { occurred_at: body.occurred_at ?? null, detected_at: body.detected_at, reported_at: body.reported_at ?? null, serious: body.serious ?? false, serious_type: body.serious_type ?? null };
    for (const error of incidentFactErrors(facts)) ctx.addIssue({ code: "custom", path: [error.path], message: error.message });
  });
export type IncidentCreate = z.infer<typeof incidentCreateSchema>;

/**
 * PATCH /incidents/{id}: any editable field and a status move (INCIDENT_STATUS_MOVES). The rules across
 * fields are checked on the incident as it would be stored (incidentFactErrors). The application stays.
 */
export const incidentPatchSchema = z
  .object({ ...editableShape, status: z.enum(INCIDENT_STATUSES) })
  .partial()
  .strict();
export type IncidentPatch = z.infer<typeof incidentPatchSchema>;

export const incidentIdParamsSchema = z.object({ id: z.uuid() });
