import { z } from "zod";
import { answersObject, choiceAnswerSchema, emptyAnswers, type ChoiceAnswerOf } from "../questionnaire/answers";
import {
  QUESTIONS,
  isQuestionApplicable,
  type Question,
  type QuestionDefinition,
} from "./questionnaire";

/** The answer a question takes when given (unanswered is `null`). */
type AnswerOf<Q extends QuestionDefinition> = Q extends { type: "text" | "vendor" } ? string : ChoiceAnswerOf<Q>;

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
    default:
      return choiceAnswerSchema(q);
  }
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
 * The whole details object. Omitted answers become `null`; unknown question ids
 * and values outside a question's options are refused, the error path naming
 * the field.
 */
export const applicationDetailsSchema = answersObject(QUESTIONS, answerSchema, (a) => a.nullable().default(null))
  .superRefine(refuseInapplicableAnswers) as unknown as z.ZodType<ApplicationDetails, ApplicationDetailsInput>;

/**
 * A partial update: only the keys sent, nothing defaulted. Merge it over the
 * stored details, then parse the result with `applicationDetailsSchema` (which
 * checks the dependencies between answers).
 */
export const applicationDetailsPatchSchema = answersObject(QUESTIONS, answerSchema, (a) => a.nullable().optional()) as unknown as z.ZodType<ApplicationDetailsInput, ApplicationDetailsInput>;

/** Nothing answered yet. */
export function emptyDetails(): ApplicationDetails {
  return emptyAnswers(QUESTIONS) as ApplicationDetails;
}
