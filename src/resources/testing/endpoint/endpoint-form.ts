import { z } from "zod";
import { modelEndpointInputSchema, type ModelEndpoint, type ModelEndpointProtocol } from "../../../../domain/entities/model-endpoint";

/** The endpoint's fields as the inputs hold them. The token is write-only: the field starts empty whatever is stored. */
export interface EndpointValues {
  url: string;
  protocol: ModelEndpointProtocol;
  model: string;
  token: string;
  /** Drop the stored token (offered only when one is stored). */
  removeToken: boolean;
}

export const endpointValuesOf = (endpoint: ModelEndpoint | null | undefined): EndpointValues => ({
  url: endpoint?.url ?? "",
  protocol: endpoint?.protocol ?? "kserve_v1",
  model: endpoint?.model ?? "",
  token: "",
  removeToken: false,
});

/**
 * PUT …/testing/endpoint from the card: a token typed replaces the stored one, "remove" sends null, an empty
 * field leaves the stored token as it is (absent); a blank model is none.
 */
export const endpointFormSchema = z
  .object({
    url: z.string().trim().min(1, "validation.required"),
    protocol: z.enum(["kserve_v1", "openai_chat"]),
    model: z.string(),
    token: z.string(),
    removeToken: z.boolean(),
  })
  .transform(({ url, protocol, model, token, removeToken }): z.input<typeof modelEndpointInputSchema> => ({
    url,
    protocol,
    model: model.trim() || null,
    ...(removeToken ? { token: null } : token.trim() ? { token: token.trim() } : {}),
  }))
  .pipe(modelEndpointInputSchema);
