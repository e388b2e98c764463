import { z } from "zod";
import { VENDOR_QUESTIONS, type VendorQuestion, type VendorQuestionDefinition, type VendorQuestionId } from "./questionnaire";

type AnswerOf<Q extends VendorQuestionDefinition> = Q extends { type: "date" }
  ? string
  : Q extends { type: "bool" }
    ? boolean
    : Q extends { type: "single"; options: readonly (infer V)[] }
      ? V
      : Q extends { type: "multi"; options: readonly (infer V)[] }
        ? V[]
        : never;

/** Every vendor question, each answered or `null` (unanswered). */
export type VendorDetails = { [Q in VendorQuestion as Q["id"]]: AnswerOf<Q> | null };
export type VendorDetailsInput = Partial<VendorDetails>;

function answerSchema(q: VendorQuestionDefinition): z.ZodType {
  switch (q.type) {
    case "date":
      return z.iso.date();
    case "bool":
      return z.boolean();
    case "single":
      return z.enum(choices(q));
    case "multi":
      return z.array(z.enum(choices(q))).refine((values) => new Set(values).size === values.length, { error: "Each option at most once" });
  }
}

function choices(q: VendorQuestionDefinition): [string, ...string[]] {
  if (!q.options || q.options.length === 0) throw new Error(`Question ${q.id} has no options`);
  return [...q.options] as [string, ...string[]];
}

function shapeOf(wrap: (answer: z.ZodType) => z.ZodType): Record<VendorQuestionId, z.ZodType> {
  const shape = {} as Record<VendorQuestionId, z.ZodType>;
  for (const q of VENDOR_QUESTIONS) shape[q.id] = wrap(answerSchema(q));
  return shape;
}

/** Each unknown key is its own issue naming it, as in the application's details schema. */
const unknownQuestion = z.never({ error: "Unknown question" }).optional();

/** The whole answers object: omitted answers become `null`; unknown ids and values outside the options are refused by path. */
export const vendorDetailsSchema = z
  .object(shapeOf((a) => a.nullable().default(null)))
  .catchall(unknownQuestion) as unknown as z.ZodType<VendorDetails, VendorDetailsInput>;

/** A partial update: only the keys sent; merge it over the stored answers. */
export const vendorDetailsPatchSchema = z
  .object(shapeOf((a) => a.nullable().optional()))
  .catchall(unknownQuestion) as unknown as z.ZodType<VendorDetailsInput, VendorDetailsInput>;

/** Nothing answered yet. */
export function emptyVendorDetails(): VendorDetails {
  const details = {} as Record<VendorQuestionId, null>;
  for (const q of VENDOR_QUESTIONS) details[q.id] = null;
  return details as VendorDetails;
}
