import { z } from "zod";

/**
 * What the application and vendor questionnaires share: a question has an id, a type and,
 * for choices, its options; unanswered is `null`.
 */
export interface QuestionShape<Id extends string = string> {
  readonly id: Id;
  readonly type: string;
  readonly options?: readonly string[];
}

/** The answer a yes/no, single- or multi-choice question takes; `never` for other types. */
export type ChoiceAnswerOf<Q> = Q extends { type: "bool" }
  ? boolean
  : Q extends { type: "single"; options: readonly (infer V)[] }
    ? V
    : Q extends { type: "multi"; options: readonly (infer V)[] }
      ? V[]
      : never;

function choices(q: QuestionShape): [string, ...string[]] {
  if (!q.options || q.options.length === 0) throw new Error(`Question ${q.id} has no options`);
  return [...q.options] as [string, ...string[]];
}

/** The schema of a yes/no, single- or multi-choice answer; each questionnaire types its other questions itself. */
export function choiceAnswerSchema(q: QuestionShape): z.ZodType {
  switch (q.type) {
    case "bool":
      return z.boolean();
    case "single":
      return z.enum(choices(q));
    case "multi":
      return z.array(z.enum(choices(q))).refine((values) => new Set(values).size === values.length, {
        error: "Each option at most once",
      });
    default:
      throw new Error(`Question ${q.id} of type ${q.type} is no choice`);
  }
}

/**
 * Strict, but each unknown key is its own issue whose path names it (zod's
 * `.strict()`, like a bare `never` catch-all, reports them together at the
 * object's path), so a 400 names every bad field. `.optional()` is what makes
 * zod check each extra key; only an `undefined` value (never in JSON) passes.
 */
const unknownQuestion = z.never({ error: "Unknown question" }).optional();

/** An object of every question's answer, each schema passed through `wrap` (e.g. nullable and defaulted); unknown ids refused. */
export function answersObject<Q extends QuestionShape>(
  questions: readonly Q[],
  answerSchema: (q: Q) => z.ZodType,
  wrap: (answer: z.ZodType) => z.ZodType,
) {
  const shape: Record<string, z.ZodType> = {};
  for (const q of questions) shape[q.id] = wrap(answerSchema(q));
  return z.object(shape).catchall(unknownQuestion);
}

/** Every question unanswered. */
export function emptyAnswers<Id extends string>(questions: readonly QuestionShape<Id>[]): Record<Id, null> {
  const answers = {} as Record<Id, null>;
  for (const q of questions) answers[q.id] = null;
  return answers;
}
