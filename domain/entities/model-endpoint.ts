import { z } from "zod";

/**
 * How Steward talks to an application's model: `kserve_v1` is the KServe / TensorFlow Serving V1 predict
 * protocol (`{"instances": [...]}` → `{"predictions": [...]}`) for ML models; `openai_chat` is the
 * OpenAI-compatible chat-completions protocol for LLMs.
 */
export const MODEL_ENDPOINT_PROTOCOLS = ["kserve_v1", "openai_chat"] as const;
export type ModelEndpointProtocol = (typeof MODEL_ENDPOINT_PROTOCOLS)[number];

/** Saving the endpoint: a token sent replaces the stored one; `null` removes it; absent keeps it. */
export const modelEndpointInputSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: "testing.validation.endpointUrl" }).max(2000),
  protocol: z.enum(MODEL_ENDPOINT_PROTOCOLS),
  model: z.string().trim().max(200).nullable().optional(),
  token: z.string().min(1).max(4000).nullable().optional(),
});
export type ModelEndpointInput = z.infer<typeof modelEndpointInputSchema>;

/** The endpoint as answered: whether a token is stored, never the token. */
export const modelEndpointSchema = z.object({
  application_id: z.uuid(),
  url: z.string(),
  protocol: z.enum(MODEL_ENDPOINT_PROTOCOLS),
  model: z.string().nullable(),
  has_token: z.boolean(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type ModelEndpoint = z.infer<typeof modelEndpointSchema>;
