import { z } from "zod";
import { applicationCreateSchema, type Application, type ApplicationUpdate } from "../../../../../domain/entities/application";
import {
  QUESTIONS,
  emptyDetails,
  isQuestionApplicable,
  type ApplicationDetails,
  type QuestionDefinition,
} from "../../../../../domain/risk";

export interface DetailsFormValues {
  name: string;
  description: string;
  details: ApplicationDetails;
  /** The vendors the application lists (its `vendor_ids`). */
  vendor_ids: string[];
}

/** Name and description by the application's own rules; the answers' shape is the inputs' job, and the server checks them again. */
export const detailsFormSchema = applicationCreateSchema
  .pick({ name: true, description: true })
  .extend({ details: z.record(z.string(), z.unknown()), vendor_ids: z.array(z.string()) });
export type DetailsFormOutput = z.output<typeof detailsFormSchema>;

/** The stored answers as the form holds them: every question present, unanswered ones null. */
export function toFormValues(
  application: Pick<Application, "name" | "description"> & Partial<Pick<Application, "vendors">>,
  details: Record<string, unknown> | undefined,
): DetailsFormValues {
  return {
    name: application.name,
    description: application.description ?? "",
    details: { ...emptyDetails(), ...(details ?? {}) } as ApplicationDetails,
    vendor_ids: (application.vendors ?? []).map((v) => v.id),
  };
}

/**
 * The answers as they count: a question that is not asked any more (its condition changed) is
 * unanswered, since the server refuses an answer to it and classify() must not read it.
 */
export function effectiveAnswers(details: ApplicationDetails): ApplicationDetails {
  const out = { ...details } as Record<string, unknown>;
  for (const q of QUESTIONS as readonly QuestionDefinition[]) {
    if (!isQuestionApplicable(q, out)) out[q.id] = null;
    // Blank text is no answer.
    else if (q.type === "text" && typeof out[q.id] === "string" && (out[q.id] as string).trim() === "") out[q.id] = null;
  }
  return out as ApplicationDetails;
}

/** Multiple choices are sets: the same options in another order are the same answer. */
const canonical = (value: unknown) => JSON.stringify(Array.isArray(value) ? [...value].sort() : (value ?? null));
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** PUT body of a save: only what changed (the server merges partial answers). Null when nothing did. */
export function changesOf(initial: DetailsFormValues, current: DetailsFormValues | DetailsFormOutput): ApplicationUpdate | null {
  const body: ApplicationUpdate = {};
  const description = (current.description ?? "").trim();
  if (current.name.trim() !== initial.name) body.name = current.name.trim();
  if (description !== initial.description.trim()) body.description = description || null;
  const before = effectiveAnswers(initial.details) as Record<string, unknown>;
  const after = effectiveAnswers(current.details as ApplicationDetails) as Record<string, unknown>;
  const details: Record<string, unknown> = {};
  for (const q of QUESTIONS) if (!same(before[q.id], after[q.id])) details[q.id] = after[q.id];
  if (Object.keys(details).length) body.details = details as ApplicationUpdate["details"];
  if (!same(initial.vendor_ids ?? [], current.vendor_ids ?? [])) body.vendor_ids = current.vendor_ids;
  return Object.keys(body).length ? body : null;
}
