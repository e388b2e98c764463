import { z } from "zod";
import {
  QUESTIONS,
  isQuestionApplicable,
  type Question,
  type QuestionDefinition,
  type QuestionId,
} from "./questionnaire";

/** The answer a question takes when given (unanswered is `null`). */
type AnswerOf<Q extends QuestionDefinition> = Q extends { type: "text" | "vendor" }
  ? string
  : Q extends { type: "bool" }
    ? boolean
    : Q extends { type: "single"; options: readonly (infer V)[] }
      ? V
      : Q extends { type: "multi"; options: readonly (infer V)[] }
        ? V[]
        : never;

/** Every question id, each answered or `null`. */
export type ApplicationDetails = { [Q in Question as Q["id"]]: AnswerOf<Q> | null };

/** What a client may send: any subset of the question ids; omitted ones are unanswered. */
export type ApplicationDetailsInput = Partial<ApplicationDetails>;

function answerSchema(q: QuestionDefinition): z.ZodType {
  switch (q.type) {
    case "text":
      return q.maxLength === undefined ? z.string() : z.string().max(q.maxLength);
    case "vendor":
      return z.uuid();
    case "bool":
      return z.boolean();
    case "single":
      return z.enum(choices(q));
    case "multi":
      return z.array(z.enum(choices(q))).refine((values) => new Set(values).size === values.length, {
        error: "Each option at most once",
      });
  }
}

function choices(q: QuestionDefinition): [string, ...string[]] {
  if (!q.options || q.options.length === 0) throw new Error(`Question ${q.id} has no options`);
  return [...q.options] as [string, ...string[]];
}

function shapeOf(wrap: (answer: z.ZodType) => z.ZodType): Record<QuestionId, z.ZodType> {
  const shape = {} as Record<QuestionId, z.ZodType>;
  for (const q of QUESTIONS) shape[q.id] = wrap(answerSchema(q));
  return shape;
}

/** An answer to a question that is not asked (e.g. a vendor without a foundation model) is refused. */
function refuseInapplicableAnswers(answers: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const q of QUESTIONS as readonly QuestionDefinition[]) {
    const value = answers[q.id];
    if (value === null || value === undefined || isQuestionApplicable(q, answers)) continue;
    ctx.addIssue({
      code: "custom",
      path: [q.id],
      message: `Only answered when ${q.dependsOn?.question} is ${String(q.dependsOn?.equals)}`,
    });
  }
}

/**
 * Strict, but each unknown key is its own issue whose path names it (zod's
 * `.strict()`, like a bare `never` catch-all, reports them together at the
 * object's path), so a 400 names every bad field. `.optional()` is what makes
 * zod check each extra key; only an `undefined` value (never in JSON) passes.
 */
const unknownQuestion = z.never({ error: "Unknown question" }).optional();

/**
 * The whole details object. Omitted answers become `null`; unknown question ids
 * and values outside a question's options are refused, the error path naming
 * the field.
 */
export const applicationDetailsSchema = z
  .object(shapeOf((a) => a.nullable().default(null)))
  .catchall(unknownQuestion)
  .superRefine(refuseInapplicableAnswers) as unknown as z.ZodType<ApplicationDetails, ApplicationDetailsInput>;

/**
 * A partial update: only the keys sent, nothing defaulted. Merge it over the
 * stored details, then parse the result with `applicationDetailsSchema` (which
 * checks the dependencies between answers).
 */
export const applicationDetailsPatchSchema = z
  .object(shapeOf((a) => a.nullable().optional()))
  .catchall(unknownQuestion) as unknown as z.ZodType<ApplicationDetailsInput, ApplicationDetailsInput>;

/** Nothing answered yet. */
export function emptyDetails(): ApplicationDetails {
  const details = {} as Record<QuestionId, null>;
  for (const q of QUESTIONS) details[q.id] = null;
  return details as ApplicationDetails;
}
