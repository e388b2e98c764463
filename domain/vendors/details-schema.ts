import { z } from "zod";
import { answersObject, choiceAnswerSchema, emptyAnswers, type ChoiceAnswerOf } from "../questionnaire/answers";
import { VENDOR_QUESTIONS, type VendorQuestion, type VendorQuestionDefinition } from "./questionnaire";

type AnswerOf<Q extends VendorQuestionDefinition> = Q extends { type: "date" } ? string : ChoiceAnswerOf<Q>;

/** Every vendor question, each answered or `null` (unanswered). */
export type VendorDetails = { [Q in VendorQuestion as Q["id"]]: AnswerOf<Q> | null };
export type VendorDetailsInput = Partial<VendorDetails>;

function answerSchema(q: VendorQuestionDefinition): z.ZodType {
  return q.type === "date" ? z.iso.date() : choiceAnswerSchema(q);
}

/** The whole answers object: omitted answers become `null`; unknown ids and values outside the options are refused by path. */
export const vendorDetailsSchema = answersObject(VENDOR_QUESTIONS, answerSchema, (a) => a.nullable().default(null)) as unknown as z.ZodType<
  VendorDetails,
  VendorDetailsInput
>;

/** A partial update: only the keys sent; merge it over the stored answers. */
export const vendorDetailsPatchSchema = answersObject(VENDOR_QUESTIONS, answerSchema, (a) => a.nullable().optional()) as unknown as z.ZodType<
  VendorDetailsInput,
  VendorDetailsInput
>;

/** Nothing answered yet. */
export function emptyVendorDetails(): VendorDetails {
  return emptyAnswers(VENDOR_QUESTIONS) as VendorDetails;
}
