import { z } from "zod";
import { MFA_POLICIES } from "../auth/mfa";
import { nameSchema } from "../validation/rules";

/** The signed-in user's company. */
export const companySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.string().nullable(),
  industry: z.string().nullable(),
  logo_url: z.string().nullable(),
  /** Who must have a second factor to sign in (domain/auth/mfa.ts). */
  mfa_policy: z.enum(MFA_POLICIES),
  /** The edit counter: send it back as `If-Match: "<version>"` so a stale edit is refused with 412. */
  version: z.number().int(),
});
export type Company = z.infer<typeof companySchema>;

/** A short free-text attribute; an empty string clears it like null does. */
const shortTextSchema = z.string().trim().max(100, "validation.tooLong").nullable();

export const companyUpdateSchema = z
  .object({
    name: z.optional(nameSchema),
    size: shortTextSchema.optional(),
    industry: shortTextSchema.optional(),
    mfa_policy: z.enum(MFA_POLICIES).optional(),
  })
  .strict();
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;

/** The logo (POST /company/logo): at most 1 MB, and only these image types, judged from the bytes. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_CONTENT_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

/** Where a stored logo is served from; the version changes with the bytes, so caches never show a stale one. */
export const logoUrl = (sha256: string) => `/v2/company/logo?v=${sha256.slice(0, 16)}`;
