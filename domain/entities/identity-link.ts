import { z } from "zod";

/**
 * An Administrator's link of a password user to one of the company's identity providers: `pending` until the
 * person confirms it (signed in with their password, they sign in at the provider once), then `linked`.
 */
export const IDENTITY_LINK_STATUSES = ["pending", "linked"] as const;
export type IdentityLinkStatus = (typeof IDENTITY_LINK_STATUSES)[number];

export const identityLinkSchema = z.object({
  user_id: z.uuid(),
  provider_id: z.uuid(),
  provider_name: z.string(),
  status: z.enum(IDENTITY_LINK_STATUSES),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type IdentityLink = z.infer<typeof identityLinkSchema>;

export const identityLinkInputSchema = z.strictObject({ provider_id: z.uuid() });
export type IdentityLinkInput = z.infer<typeof identityLinkInputSchema>;

/** Where the person's browser goes to confirm a pending link: the provider's sign-in. */
export const identityLinkConfirmationSchema = z.object({ url: z.string() });

/** The result the app reads on its return from a confirmation (`?identity_link=`). */
export const IDENTITY_LINK_RESULTS = ["confirmed", "refused"] as const;
