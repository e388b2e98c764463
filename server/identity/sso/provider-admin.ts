import { count, eq } from "drizzle-orm";
import {
  hostedProviderName,
  MAX_IDENTITY_PROVIDERS,
  type IdentityProvider,
  type IdentityProviderInput,
} from "../../../domain/entities/identity-provider";
import { recordAudit, type Actor } from "../../audit/record";
import type { Db } from "../../db/client";
import { companyIdentityProviders } from "../../db/schema";
import type { ExpectedVersions } from "../../plugins/concurrency";
import { badRequest, conflict, HttpProblem, staleVersion } from "../../plugins/problem";
import type { FederatedProviderSettings, IdentityAdmin } from "../admin";
import type { Federation } from "./federation";
import type { ProviderRow, ProviderStore } from "./providers";

const errorOf = (error: unknown) => error as { name?: string; message?: string };

/** What the audit log keeps of a provider: its settings, never the secret. */
const audited = (p: IdentityProvider) => ({
  name: p.name,
  type: p.type,
  issuer_url: p.issuer_url,
  client_id: p.client_id,
  metadata_url: p.metadata_url,
  domains: p.domains,
  jit_mode: p.jit_mode,
  default_role: p.default_role,
  default_resource_group_id: p.default_resource_group_id,
  enabled: p.enabled,
});

/**
 * An Administrator's changes to the company's providers: checked against what this deployment can federate,
 * audited, and — with Cognito — mirrored into the user pool, which does the federating there.
 */
export class ProviderAdmin {
  constructor(
    private readonly db: Db,
    private readonly store: ProviderStore,
    private readonly identity: { mode: "local" | "cognito"; admin: IdentityAdmin },
    private readonly federation: Federation,
    /** Why providers cannot be set up here, or null. */
    private readonly unavailable: string | null,
  ) {}

  async create(actor: Actor, input: IdentityProviderInput): Promise<IdentityProvider> {
    this.checkSupported(input);
    const [{ n }] = await this.db.select({ n: count() }).from(companyIdentityProviders).where(eq(companyIdentityProviders.companyId, actor.companyId));
    if (n >= MAX_IDENTITY_PROVIDERS) throw conflict(`A company can have at most ${MAX_IDENTITY_PROVIDERS} identity providers.`);
    const row = await this.store.create(actor.companyId, input);
    try {
      await this.mirror(row.id, input, null);
    } catch (error) {
      await this.store.delete(row);
      throw error;
    }
    const view = await this.store.view(row);
    await recordAudit(this.db, actor, { entityType: "identity_provider", entityId: row.id, action: "identity_provider.created", after: audited(view) });
    return view;
  }

  async update(actor: Actor, current: ProviderRow, input: IdentityProviderInput, expected: ExpectedVersions): Promise<IdentityProvider> {
    this.checkSupported(input);
    const before = await this.store.view(current);
    // Cognito first: when it refuses, nothing has changed here either.
    if (expected && !expected.includes(current.version)) throw staleVersion(current.version);
    await this.mirror(current.id, input, this.store.storedSecret(current));
    const row = await this.store.update(current, input, expected);
    if (current.issuerUrl && current.clientId) this.federation.forget({ issuerUrl: current.issuerUrl, clientId: current.clientId });
    const after = await this.store.view(row);
    await recordAudit(this.db, actor, {
      entityType: "identity_provider",
      entityId: row.id,
      action: "identity_provider.updated",
      before: audited(before),
      after: { ...audited(after), ...(input.client_secret !== undefined ? { client_secret: "replaced" } : {}) },
    });
    return after;
  }

  async delete(actor: Actor, row: ProviderRow): Promise<void> {
    const before = await this.store.view(row);
    if (this.identity.mode === "cognito") await this.cognito(() => this.identity.admin.deleteIdentityProvider(hostedProviderName(row.id)));
    await this.store.delete(row);
    if (row.issuerUrl && row.clientId) this.federation.forget({ issuerUrl: row.issuerUrl, clientId: row.clientId });
    await recordAudit(this.db, actor, { entityType: "identity_provider", entityId: row.id, action: "identity_provider.deleted", before: audited(before) });
  }

  private checkSupported(input: IdentityProviderInput) {
    if (this.unavailable) throw conflict(this.unavailable);
    if (input.type === "saml" && this.identity.mode === "local") {
      throw badRequest("SAML needs Amazon Cognito: the built-in sign-in service speaks OpenID Connect only.", [{ path: "type", message: "sso.validation.samlLocal" }]);
    }
  }

  /** With Cognito, the pool federates the provider: it gets the settings (and the secret in clear) too. */
  private async mirror(id: string, input: IdentityProviderInput, storedSecret: string | null) {
    if (this.identity.mode !== "cognito") return;
    const name = hostedProviderName(id);
    const settings: FederatedProviderSettings =
      input.type === "saml"
        ? { name, type: "saml", metadataUrl: input.metadata_url! }
        : { name, type: "oidc", issuerUrl: input.issuer_url!, clientId: input.client_id!, clientSecret: input.client_secret ?? storedSecret ?? "" };
    await this.cognito(() => this.identity.admin.saveIdentityProvider(settings));
  }

  /** Cognito's refusals of the settings are the Administrator's to fix (400); its outages are a 502. */
  private async cognito(call: () => Promise<void>) {
    try {
      await call();
    } catch (error) {
      const { name, message } = errorOf(error);
      if (name === "InvalidParameterException" || name === "DuplicateProviderException") throw badRequest(`Amazon Cognito refused the provider: ${message}`);
      throw new HttpProblem(502, "Amazon Cognito could not be updated right now; nothing was changed. Try again in a moment.");
    }
  }
}
