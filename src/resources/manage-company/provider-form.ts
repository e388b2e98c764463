import { z } from "zod";
import { ROLE_NAMES } from "../../../domain/access/current-user";
import { emailDomainSchema, identityProviderInputSchema, IDENTITY_PROVIDER_TYPES, JIT_MODES, type IdentityProvider } from "../../../domain/entities/identity-provider";

/** The dialog's fields: plain strings where the API takes null, the domains as a list of chips. */
export interface ProviderFormValues {
  name: string;
  type: (typeof IDENTITY_PROVIDER_TYPES)[number];
  issuer_url: string;
  client_id: string;
  /** Write-only: empty keeps the stored secret. */
  client_secret: string;
  metadata_url: string;
  domains: string[];
  jit_mode: (typeof JIT_MODES)[number];
  default_role: string;
  default_resource_group_id: string;
  enabled: boolean;
}

const shape = identityProviderInputSchema.shape;
const blankToNull = (value: string) => (value.trim() === "" ? null : value.trim());

/**
 * The domain's input rules over the dialog's fields, plus what depends on the type: OpenID Connect needs
 * an issuer and a client id (and a secret when created), SAML a metadata URL. Its output is the request body.
 */
export function providerFormSchema(creating: boolean) {
  return z
    .object({
      name: shape.name,
      type: z.enum(IDENTITY_PROVIDER_TYPES),
      issuer_url: z.string().transform(blankToNull).pipe(shape.issuer_url.unwrap()),
      client_id: z.string().transform(blankToNull).pipe(shape.client_id.unwrap()),
      client_secret: z.string().transform((v) => (v === "" ? undefined : v)).pipe(shape.client_secret),
      metadata_url: z.string().transform(blankToNull).pipe(shape.metadata_url.unwrap()),
      domains: z.array(emailDomainSchema).min(1, "sso.validation.domainsRequired").max(50),
      jit_mode: z.enum(JIT_MODES),
      default_role: z.string().transform((v) => (v === "" ? null : v)).pipe(z.enum(ROLE_NAMES).nullable()),
      default_resource_group_id: z.string().transform((v) => (v === "" ? null : v)).pipe(z.uuid().nullable()),
      enabled: z.boolean(),
    })
    .superRefine((values, ctx) => {
      const required = (path: keyof ProviderFormValues) => ctx.addIssue({ code: "custom", path: [path], message: "validation.required" });
      if (values.type === "oidc") {
        if (!values.issuer_url) required("issuer_url");
        if (!values.client_id) required("client_id");
        if (creating && !values.client_secret) required("client_secret");
      } else if (!values.metadata_url) {
        required("metadata_url");
      }
    })
    .transform((values) => {
      // Only the fields of the chosen type and first-time-user mode are sent.
      const oidc = values.type === "oidc";
      const jit = values.jit_mode === "create";
      const { client_secret, ...rest } = values;
      return {
        ...rest,
        // Absent keeps the stored secret.
        ...(oidc && client_secret !== undefined ? { client_secret } : {}),
        issuer_url: oidc ? values.issuer_url : null,
        client_id: oidc ? values.client_id : null,
        metadata_url: oidc ? null : values.metadata_url,
        default_role: jit ? values.default_role : null,
        default_resource_group_id: jit ? values.default_resource_group_id : null,
      };
    });
}

export const NEW_PROVIDER: ProviderFormValues = {
  name: "",
  type: "oidc",
  issuer_url: "",
  client_id: "",
  client_secret: "",
  metadata_url: "",
  domains: [],
  jit_mode: "create",
  default_role: "",
  default_resource_group_id: "",
  enabled: true,
};

export const valuesOf = (provider: IdentityProvider): ProviderFormValues => ({
  name: provider.name,
  type: provider.type,
  issuer_url: provider.issuer_url ?? "",
  client_id: provider.client_id ?? "",
  client_secret: "",
  metadata_url: provider.metadata_url ?? "",
  domains: provider.domains,
  jit_mode: provider.jit_mode,
  default_role: provider.default_role ?? "",
  default_resource_group_id: provider.default_resource_group_id ?? "",
  enabled: provider.enabled,
});

/** Typed or pasted domains: split at commas and spaces, lower-cased, without an "@" or duplicates. */
export function splitDomains(entries: readonly string[]): string[] {
  const all = entries.flatMap((entry) => entry.split(/[\s,;]+/)).map((d) => d.trim().replace(/^@/, "").toLowerCase());
  return [...new Set(all.filter(Boolean))];
}
