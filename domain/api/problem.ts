import { z } from "zod";

/** RFC 9457 problem details: how every /v2 error is answered. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** The id the server logged this request under: quote it when reporting a problem. */
  request_id: z.string().optional(),
});

export type Problem = z.infer<typeof problemSchema>;
export type ProblemFieldError = NonNullable<Problem["errors"]>[number];

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** The 412 a write gets when its `If-Match` names a version someone else has already replaced. */
export const staleVersionDetail = (currentVersion: number) =>
  `This record was changed by someone else: it is now at version ${currentVersion}. Reload it and apply your change again.`;

/** The 412 problem: the standard members plus the version the record is at now. */
export const staleVersionProblemSchema = problemSchema.extend({ current_version: z.number().int() });
