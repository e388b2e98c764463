import { z } from "zod";
import { ROLE_NAMES } from "../access/current-user";
import { nameSchema } from "../validation/rules";
import { listQuerySchema, listResponseSchema } from "../api/list";

/**
 * A company's corporate identity provider. OpenID Connect works in both identity modes; SAML only where
 * Amazon Cognito federates it (the local identity service speaks OIDC only).
 */
export const IDENTITY_PROVIDER_TYPES = ["oidc", "saml"] as const;
export type IdentityProviderType = (typeof IDENTITY_PROVIDER_TYPES)[number];

/** What a first-time user of a mapped domain gets: an account made on the spot, or nothing unless one exists. */
export const JIT_MODES = ["create", "existing_only"] as const;
export type JitMode = (typeof JIT_MODES)[number];

/** An e-mail domain: lower-case labels of letters, digits and hyphens, at least one dot. */
export const emailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "sso.validation.domain");

/** The domain part of an address (lower-cased), or null when the address has none. */
export function emailDomain(email: string): string | null {
  const at = email.trim().lastIndexOf("@");
  if (at < 1 || at === email.trim().length - 1) return null;
  return email.trim().slice(at + 1).toLowerCase();
}

/**
 * An e-mail domain routes people to a provider only once the company proved it holds it: a DNS TXT record
 * `steward-verification=<token>` at the domain (the token is random per company and domain). Until then, and
 * again when a daily check no longer finds the record, it is pending and routes no one.
 */
export const SSO_DOMAIN_STATUSES = ["pending", "verified"] as const;
export type SsoDomainStatus = (typeof SSO_DOMAIN_STATUSES)[number];
export const SSO_VERIFICATION_PREFIX = "steward-verification=";
export const verificationRecord = (token: string) => `${SSO_VERIFICATION_PREFIX}${token}`;

/** Why the last check of a domain's record failed: nothing answers for the name, no matching record, or no resolver answered. */
export const SSO_DOMAIN_CHECK_FAILURES = ["not_found", "record_missing", "unreachable"] as const;
export type SsoDomainCheckFailure = (typeof SSO_DOMAIN_CHECK_FAILURES)[number];

export const ssoDomainSchema = z.object({
  domain: z.string(),
  status: z.enum(SSO_DOMAIN_STATUSES),
  /** The TXT record's text to publish at the domain. */
  txt_record: z.string(),
  verified_at: z.string().nullable(),
  checked_at: z.string().nullable(),
  /** What the last check found missing; null after a successful one or before any. */
  check_failure: z.enum(SSO_DOMAIN_CHECK_FAILURES).nullable(),
});
export type SsoDomain = z.infer<typeof ssoDomainSchema>;
export const ssoDomainParamsSchema = z.object({ id: z.uuid(), domain: emailDomainSchema });

/**
 * Saving a provider. `client_secret` is write-only: sent on create (OIDC), sent again only to replace it,
 * absent to keep the stored one; it is never answered back.
 */
export const identityProviderInputSchema = z.strictObject({
  /** The Administrators' label, with the product's name rule; hosted sign-in knows the provider by its id instead. */
  name: nameSchema.check(z.maxLength(64, "validation.tooLong")),
  type: z.enum(IDENTITY_PROVIDER_TYPES),
  issuer_url: z.url({ protocol: /^https?$/, error: "sso.validation.issuerUrl" }).max(2000).nullable().optional(),
  client_id: z.string().trim().min(1).max(255).nullable().optional(),
  client_secret: z.string().min(1).max(4000).optional(),
  /** SAML (Cognito mode): the IdP's metadata document URL. */
  metadata_url: z.url({ protocol: /^https$/, error: "sso.validation.metadataUrl" }).max(2000).nullable().optional(),
  domains: z.array(emailDomainSchema).min(1, "sso.validation.domainsRequired").max(50),
  jit_mode: z.enum(JIT_MODES),
  default_role: z.enum(ROLE_NAMES).nullable().optional(),
  default_resource_group_id: z.uuid().nullable().optional(),
  enabled: z.boolean().default(true),
});
export type IdentityProviderInput = z.infer<typeof identityProviderInputSchema>;

/**
 * The name hosted sign-in knows a provider by (`identity_provider=`): its id without hyphens — 32
 * characters, unique across the user pool every company shares, within Cognito's limit for provider names.
 */
export const hostedProviderName = (id: string) => id.replaceAll("-", "");

/** A provider as answered: whether a client secret is stored, never the secret. */
export const identityProviderSchema = z.object({
  id: z.uuid(),
  /** The Administrators' label, unique in the company. */
  name: z.string(),
  /** hostedProviderName(id); in Cognito mode, the name of the pool's identity provider. */
  provider_name: z.string(),
  type: z.enum(IDENTITY_PROVIDER_TYPES),
  issuer_url: z.string().nullable(),
  client_id: z.string().nullable(),
  has_client_secret: z.boolean(),
  metadata_url: z.string().nullable(),
  domains: z.array(z.string()),
  /** Each of `domains` with its proof of ownership: only verified ones route anyone to the provider. */
  domain_verification: z.array(ssoDomainSchema),
  jit_mode: z.enum(JIT_MODES),
  default_role: z.enum(ROLE_NAMES).nullable(),
  default_resource_group_id: z.uuid().nullable(),
  enabled: z.boolean(),
  /** Where the provider must send users back: register it as the redirect URI at the provider. */
  redirect_uri: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type IdentityProvider = z.infer<typeof identityProviderSchema>;

/** The steps "Test connection" runs, in order; each answers ok, failed (with a message) or skipped. */
export const PROVIDER_TEST_STEPS = ["discovery", "keys", "redirect_uri", "sign_in", "claims"] as const;
export type ProviderTestStep = (typeof PROVIDER_TEST_STEPS)[number];
export const PROVIDER_TEST_STEP_STATES = ["ok", "failed", "skipped", "pending"] as const;

export const providerTestSchema = z.object({
  id: z.uuid(),
  /** pending until the round trip's sign-in comes back (or expires after 10 minutes). */
  status: z.enum(["pending", "passed", "failed"]),
  steps: z.array(
    z.object({
      step: z.enum(PROVIDER_TEST_STEPS),
      state: z.enum(PROVIDER_TEST_STEP_STATES),
      /** What was found (e.g. the issuer, key ids, the redirect URI) or, when failed, what is wrong. */
      detail: z.string().nullable(),
    }),
  ),
  /** Where to send the Administrator for the round trip's sign-in (absent once it is done or when discovery failed). */
  authorize_url: z.string().nullable(),
  /** The ID token's claims received in the round trip (no tokens themselves). */
  claims: z.record(z.string(), z.unknown()).nullable(),
});
export type ProviderTest = z.infer<typeof providerTestSchema>;

/** The public lookup behind /sso: which provider signs in this address. */
export const ssoLookupInputSchema = z.strictObject({ email: z.string().trim().min(3, "validation.usernameMin").max(254) });
export const ssoLookupSchema = z.object({ identity_provider: z.string() });

/** A company's providers are few (each serves a set of domains): the list is answered whole, sorted by name. */
export const MAX_IDENTITY_PROVIDERS = 20;
export const identityProviderListQuerySchema = listQuerySchema(["name"]);
export const identityProviderListResponseSchema = listResponseSchema(identityProviderSchema);
export const identityProviderIdParamsSchema = z.object({ id: z.uuid() });

/** "Test connection" of settings being edited: the stored secret of `provider_id` is used when none is typed. */
export const providerTestInputSchema = z.strictObject({
  issuer_url: z.url({ protocol: /^https?$/, error: "sso.validation.issuerUrl" }).max(2000),
  client_id: z.string().trim().min(1, "validation.required").max(255),
  client_secret: z.string().min(1).max(4000).optional(),
  provider_id: z.uuid().optional(),
});
export const providerTestIdParamsSchema = z.object({ test_id: z.uuid() });
