import { z } from "zod";

/**
 * GET /v2/access/user/passkeys: the caller's own passkeys, with when each was last used to sign in.
 * Only the local identity service knows last use; with Cognito the list is empty and Settings lists the
 * passkeys Amplify's listWebAuthnCredentials returns, which carry the date added only.
 */
export const passkeySchema = z.object({
  credential_id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ data: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;
