import { z } from "zod";
import {
  incidentCreateSchema,
  incidentFactErrors,
  incidentPatchSchema,
  type Incident,
  type IncidentFacts,
  type IncidentPatch,
  type IncidentSeverity,
  type SeriousIncidentType,
} from "../../../domain/entities/incident";
import { fromLocalInput, nowLocalInput, toLocalInput } from "./local-time";

/** A person picker's "nobody chosen": a value of its own, so the select shows what it means (the recorder, or no one). */
export const NOBODY = "nobody";

/** The incident's fields as the inputs hold them (text, and "" for nothing chosen); the domain's schemas check what they become. */
export interface IncidentFieldValues {
  title: string;
  severity: IncidentSeverity | "";
  occurred_at: string;
  detected_at: string;
  description: string;
  affected_people: string;
  serious: boolean;
  serious_type: SeriousIncidentType | "";
  owner_id: string;
}
export interface IncidentCreateValues extends IncidentFieldValues {
  application_id: string;
}
export interface IncidentEditValues extends IncidentFieldValues {
  root_cause: string;
}

/** A new incident: detected now, of the application it is recorded from (if any). */
export const newIncidentValues = (applicationId = ""): IncidentCreateValues => ({
  application_id: applicationId,
  title: "",
  severity: "",
  occurred_at: "",
  detected_at: nowLocalInput(),
  description: "",
  affected_people: "",
  serious: false,
  serious_type: "",
  owner_id: NOBODY,
});

export const editValuesOf = (incident: Incident): IncidentEditValues => ({
  title: incident.title,
  severity: incident.severity,
  occurred_at: toLocalInput(incident.occurred_at),
  detected_at: toLocalInput(incident.detected_at),
  description: incident.description ?? "",
  affected_people: incident.affected_people === null ? "" : String(incident.affected_people),
  serious: incident.serious,
  serious_type: incident.serious_type ?? "",
  owner_id: incident.owner_id ?? NOBODY,
  root_cause: incident.root_cause ?? "",
});

/** What the inputs must hold before they can be read as an incident at all; the domain's rules come after. */
const required = z.string().min(1, "validation.required");
const inputShape = {
  title: z.string(),
  severity: required,
  occurred_at: z.string(),
  detected_at: required,
  description: z.string(),
  affected_people: z.string().regex(/^\s*\d*\s*$/, "incidents.validation.wholeNumber"),
  serious: z.boolean(),
  serious_type: z.string(),
  owner_id: z.string(),
};

/**
 * The inputs as the API's fields: times as instants, blanks as null; only a serious incident keeps its kind.
 * The choices are typed as the domain's; its schema, read next, refuses any other.
 */
function bodyOf(values: z.output<z.ZodObject<typeof inputShape>>) {
  return {
    title: values.title,
    severity: values.severity as IncidentSeverity,
    occurred_at: values.occurred_at ? fromLocalInput(values.occurred_at) : null,
    detected_at: fromLocalInput(values.detected_at),
    description: values.description,
    affected_people: values.affected_people.trim() ? Number(values.affected_people) : null,
    serious: values.serious,
    serious_type: values.serious ? (values.serious_type as SeriousIncidentType) || null : null,
    owner_id: values.owner_id === NOBODY ? null : values.owner_id,
  };
}

/** POST /incidents from the dialog: without an owner chosen, the recorder owns it. */
export const incidentCreateFormSchema = z
  .object({ application_id: required, ...inputShape })
  .transform(({ application_id, ...values }): z.input<typeof incidentCreateSchema> => {
    const { owner_id, ...body } = bodyOf(values);
    return { application_id, ...body, ...(owner_id ? { owner_id } : {}) };
  })
  .pipe(incidentCreateSchema);

/** A PATCH body before the domain's schema has read it. */
type IncidentPatchInput = z.input<typeof incidentPatchSchema>;

/** The incident's facts once `patch` is stored. */
const factsAfter = (incident: Incident, patch: IncidentPatch): IncidentFacts => ({
  occurred_at: patch.occurred_at === undefined ? incident.occurred_at : patch.occurred_at,
  detected_at: patch.detected_at ?? incident.detected_at,
  reported_at: patch.reported_at === undefined ? incident.reported_at : patch.reported_at,
  serious: patch.serious ?? incident.serious,
  serious_type: patch.serious_type === undefined ? incident.serious_type : patch.serious_type,
});

/**
 * A PATCH schema that also checks the rules across fields on the incident as it would be stored (as the
 * server does), putting a rule's message on `fieldFor(path)`: a form shows it on one of its own fields.
 */
export function checkedPatch<S extends z.ZodType<IncidentPatch>>(schema: S, incident: Incident, fieldFor: (path: string) => string) {
  return schema.superRefine((patch, ctx) => {
    for (const error of incidentFactErrors(factsAfter(incident, patch))) ctx.addIssue({ code: "custom", path: [fieldFor(error.path)], message: error.message });
  });
}

const EDIT_FIELDS = [...Object.keys(inputShape), "root_cause"];

/**
 * PATCH /incidents/{id} from the edit card: only the fields whose value changed (a time shown to the minute
 * is not rewritten unless edited). A rule broken by a field the card does not show (the report time) is
 * put on the detection time, the field that moved against it.
 */
export function incidentEditFormSchema(incident: Incident) {
  const inputs = z.object({ ...inputShape, root_cause: z.string() });
  const body = ({ root_cause, ...values }: z.output<typeof inputs>) => ({ ...bodyOf(values), root_cause });
  const stored: Record<string, unknown> = body(editValuesOf(incident) as z.output<typeof inputs>);
  const changed = inputs
    .transform((values) => Object.fromEntries(Object.entries(body(values)).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(stored[key]))) as IncidentPatchInput)
    .pipe(incidentPatchSchema);
  return checkedPatch(changed, incident, (path) => (EDIT_FIELDS.includes(path) ? path : "detected_at"));
}

/** "Mark reported": when the report to the authority was made, no earlier than the detection. */
export const reportFormSchema = (incident: Incident) =>
  checkedPatch(
    z
      .object({ reported_at: required })
      .transform(({ reported_at }): IncidentPatchInput => ({ reported_at: fromLocalInput(reported_at) }))
      .pipe(incidentPatchSchema.pick({ reported_at: true })),
    incident,
    () => "reported_at",
  );
