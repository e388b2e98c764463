import { z } from "zod";

/** RFC 9457 problem details, as every /v2 error is answered (design §4). */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export type Problem = z.infer<typeof problemSchema>;
export type ProblemFieldError = NonNullable<Problem["errors"]>[number];

export const PROBLEM_CONTENT_TYPE = "application/problem+json";
