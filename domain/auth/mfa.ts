// zod/mini: the answer rules run on the sign-in pages as well as in the identity service.
import * as z from "zod/mini";

/**
 * The company's multi-factor policy: off (no second factor is asked, none can be set up), optional
 * (users choose), or required for Administrators or for everyone (set up at the next sign-in).
 */
export const MFA_POLICIES = ["off", "optional", "required_admins", "required_all"] as const;
export type MfaPolicy = (typeof MFA_POLICIES)[number];
export const DEFAULT_MFA_POLICY: MfaPolicy = "optional";

/** Whether a user under `policy` must have a second factor. */
export function mfaRequired(policy: MfaPolicy, isAdministrator: boolean): boolean {
  return policy === "required_all" || (policy === "required_admins" && isAdministrator);
}

/** The second factors, as Cognito names them. SMS exists only with Cognito: the local service sends no texts. */
export const MFA_TYPES = ["TOTP", "SMS", "EMAIL"] as const;
export type MfaType = (typeof MFA_TYPES)[number];

/** An answer to "which second factor?": TOTP, SMS or EMAIL, nothing else. */
export const mfaTypeAnswerSchema = z.enum(MFA_TYPES, { error: "auth.errors.mfaType" });

/** An answer during MFA setup: the factor chosen (EMAIL, TOTP), a numeric code, or an e-mail address. */
export const mfaSetupAnswerSchema = z.union(
  [z.enum(["EMAIL", "TOTP"]), z.string().check(z.regex(/^\d{6,8}$/)), z.string().check(z.maxLength(254), z.regex(/^[^@\s]+@[^@\s]+$/))],
  { error: "auth.errors.mfaSetupAnswer" },
);

/** A one-time code as typed: six digits (spaces the user may add are dropped before this check). */
export const oneTimeCodeSchema = z.string().check(z.regex(/^\d{6}$/, "auth.errors.codeFormat"));

/** A user's factors, as Settings shows them. */
export const mfaStatusSchema = z.object({
  policy: z.enum(MFA_POLICIES),
  required: z.boolean(),
  totp_enabled: z.boolean(),
  email_enabled: z.boolean(),
  preferred: z.nullable(z.enum(MFA_TYPES)),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;
