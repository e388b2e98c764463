import { z } from "zod";
import { GROUP_TYPES } from "../access/current-user";
import { listQuerySchema, listResponseSchema } from "../api/list";
import { nameSchema } from "../validation/rules";

/** An API client as the API Access page lists it: never its secret. */
export const apiClientSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The OAuth client_id to send with HTTP Basic to POST /oauth2/token. */
  client_id: z.string(),
  role: z.object({ id: z.uuid(), name: z.string() }),
  resource_group: z.object({ id: z.uuid(), name: z.string(), group_type: z.enum(GROUP_TYPES) }),
  created_at: z.string(),
  /** Full name of the administrator who created it; null once that user is deleted. */
  created_by: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiClient = z.infer<typeof apiClientSchema>;

/** POST /access/api-clients answers once with the secret; only its hash is kept. */
export const apiClientCreatedSchema = apiClientSchema.extend({
  client_secret: z.string(),
  /** Where to exchange the credentials for an access token (grant_type=client_credentials, HTTP Basic). */
  token_url: z.string(),
});
export type ApiClientCreated = z.infer<typeof apiClientCreatedSchema>;

export const apiClientCreateSchema = z.object({
  name: nameSchema,
  role_id: z.uuid(),
  resource_group_id: z.uuid(),
});
export type ApiClientCreate = z.infer<typeof apiClientCreateSchema>;

export const API_CLIENT_SORT_KEYS = ["name", "created_at", "last_used_at"] as const;
export const apiClientListQuerySchema = listQuerySchema(API_CLIENT_SORT_KEYS).extend({
  /** Revoked clients are listed only when asked for. */
  include_revoked: z.enum(["true", "false"]).optional(),
});
export const apiClientListResponseSchema = listResponseSchema(apiClientSchema);
export const apiClientIdParamsSchema = z.object({ api_client_id: z.uuid() });
