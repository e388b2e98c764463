import { and, asc, eq } from "drizzle-orm";
import {
  hostedProviderName,
  type IdentityProvider,
  type IdentityProviderInput,
} from "../../../domain/entities/identity-provider";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { companyIdentityProviders, companySsoDomains, resourceGroups } from "../../db/schema";
import { atExpectedVersion, nextVersion, refuseIfStale } from "../../db/versions";
import type { SecretCipher } from "../../files/secret-cipher";
import type { ExpectedVersions } from "../../plugins/concurrency";
import { badRequest, conflict, notFound } from "../../plugins/problem";
import { claimDomains, DOMAIN_TAKEN, domainsOf, toSsoDomain, type DomainRow } from "./domain-store";
import type { ProviderSettings } from "./federation";

export type ProviderRow = typeof companyIdentityProviders.$inferSelect;

/** What a client secret is sealed to: its company and provider, so a copied ciphertext opens nowhere else. */
const secretOwner = (row: Pick<ProviderRow, "companyId" | "id">) => `idp/${row.companyId}/${row.id}`;

const NAME_TAKEN = () => conflict("Another identity provider of the company has this name.", [{ path: "name", message: "sso.validation.nameTaken" }]);

function toProvider(row: ProviderRow, domains: DomainRow[], redirectUri: string): IdentityProvider {
  return {
    id: row.id,
    name: row.name,
    provider_name: hostedProviderName(row.id),
    type: row.type,
    issuer_url: row.issuerUrl,
    client_id: row.clientId,
    has_client_secret: row.clientSecret !== null,
    metadata_url: row.metadataUrl,
    domains: domains.map((d) => d.domain),
    domain_verification: domains.map(toSsoDomain),
    jit_mode: row.jitMode,
    default_role: row.defaultRole,
    default_resource_group_id: row.defaultResourceGroupId,
    enabled: row.enabled,
    redirect_uri: redirectUri,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** The store of a company's corporate identity providers and the e-mail domains each serves. */
export class ProviderStore {
  constructor(
    private readonly db: Db,
    private readonly cipher: SecretCipher,
    /** The redirect URI Administrators register at their provider (ours locally, the pool's with Cognito). */
    readonly redirectUri: string,
  ) {}

  async list(companyId: string): Promise<IdentityProvider[]> {
    const rows = await this.db
      .select()
      .from(companyIdentityProviders)
      .where(eq(companyIdentityProviders.companyId, companyId))
      .orderBy(asc(companyIdentityProviders.name));
    const domains = await domainsOf(this.db, rows.map((r) => r.id));
    return rows.map((row) => toProvider(row, domains.get(row.id) ?? [], this.redirectUri));
  }

  /** A provider of the company, or 404 (also for another company's id). */
  async find(companyId: string, id: string): Promise<ProviderRow> {
    const [row] = await this.db
      .select()
      .from(companyIdentityProviders)
      .where(and(eq(companyIdentityProviders.companyId, companyId), eq(companyIdentityProviders.id, id)));
    if (!row) throw notFound("Identity provider");
    return row;
  }

  async view(row: ProviderRow): Promise<IdentityProvider> {
    return toProvider(row, (await domainsOf(this.db, [row.id])).get(row.id) ?? [], this.redirectUri);
  }

  /** The domains a provider signs people in from: only those its company proved. */
  async domains(providerId: string): Promise<string[]> {
    return ((await domainsOf(this.db, [providerId])).get(providerId) ?? []).filter((d) => d.status === "verified").map((d) => d.domain);
  }

  /** The enabled provider serving a verified e-mail domain, whichever company it belongs to; a pending domain routes no one. */
  async forDomain(domain: string): Promise<ProviderRow | undefined> {
    const [row] = await this.db
      .select({ provider: companyIdentityProviders })
      .from(companySsoDomains)
      .innerJoin(companyIdentityProviders, eq(companyIdentityProviders.id, companySsoDomains.providerId))
      .where(and(eq(companySsoDomains.domain, domain), eq(companySsoDomains.status, "verified"), eq(companyIdentityProviders.enabled, true)));
    return row?.provider;
  }

  /** The provider hosted sign-in knows by `identity_provider=<name>` (its id without hyphens). */
  async byHostedName(name: string): Promise<ProviderRow | undefined> {
    if (!/^[0-9a-f]{32}$/i.test(name)) return undefined;
    const id = name.toLowerCase().replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");
    const [row] = await this.db.select().from(companyIdentityProviders).where(eq(companyIdentityProviders.id, id));
    return row;
  }

  async byId(id: string): Promise<ProviderRow | undefined> {
    const [row] = await this.db.select().from(companyIdentityProviders).where(eq(companyIdentityProviders.id, id));
    return row;
  }

  /** The settings openid-client needs, with the secret opened; null when the provider is not a usable OIDC one. */
  settingsOf(row: ProviderRow): ProviderSettings | null {
    if (row.type !== "oidc" || !row.issuerUrl || !row.clientId || !row.clientSecret) return null;
    const clientSecret = this.cipher.decrypt(row.clientSecret, secretOwner(row));
    return clientSecret === null ? null : { issuerUrl: row.issuerUrl, clientId: row.clientId, clientSecret };
  }

  /** The stored client secret in clear, for a connection test of a saved provider. */
  storedSecret(row: ProviderRow): string | null {
    return row.clientSecret ? this.cipher.decrypt(row.clientSecret, secretOwner(row)) : null;
  }

  async create(companyId: string, input: IdentityProviderInput): Promise<ProviderRow> {
    requireTypeFields(input, true);
    await this.checkGroup(companyId, input.default_resource_group_id ?? null);
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(companyIdentityProviders)
          .values({ companyId, ...columnsOf(input) })
          .returning();
        const sealed = input.client_secret ? this.cipher.encrypt(input.client_secret, secretOwner(row)) : null;
        const [stored] = await tx
          .update(companyIdentityProviders)
          .set({ clientSecret: sealed })
          .where(eq(companyIdentityProviders.id, row.id))
          .returning();
        await claimDomains(tx, companyId, row.id, input.domains);
        return stored;
      });
    } catch (error) {
      throw uniqueProblem(error);
    }
  }

  async update(current: ProviderRow, input: IdentityProviderInput, expected: ExpectedVersions): Promise<ProviderRow> {
    if (input.type !== current.type) throw badRequest("The type of a provider cannot change.", [{ path: "type", message: "sso.validation.typeFixed" }]);
    requireTypeFields(input, current.clientSecret === null);
    await this.checkGroup(current.companyId, input.default_resource_group_id ?? null);
    const secret = input.client_secret === undefined ? {} : { clientSecret: this.cipher.encrypt(input.client_secret, secretOwner(current)) };
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .update(companyIdentityProviders)
          .set({ ...columnsOf(input), ...secret, version: nextVersion(companyIdentityProviders), updatedAt: new Date() })
          .where(and(eq(companyIdentityProviders.id, current.id), atExpectedVersion(companyIdentityProviders, expected)))
          .returning();
        if (!row) {
          await refuseIfStale(tx, companyIdentityProviders, eq(companyIdentityProviders.id, current.id));
          throw notFound("Identity provider");
        }
        await claimDomains(tx, row.companyId, row.id, input.domains);
        return row;
      });
    } catch (error) {
      throw uniqueProblem(error);
    }
  }

  async delete(row: ProviderRow): Promise<void> {
    await this.db.delete(companyIdentityProviders).where(eq(companyIdentityProviders.id, row.id));
  }

  private async checkGroup(companyId: string, groupId: string | null) {
    if (!groupId) return;
    const [group] = await this.db
      .select({ id: resourceGroups.id })
      .from(resourceGroups)
      .where(and(eq(resourceGroups.companyId, companyId), eq(resourceGroups.id, groupId)));
    if (!group) throw badRequest("The default resource group does not exist.", [{ path: "default_resource_group_id", message: "sso.validation.groupMissing" }]);
  }
}

/** OpenID Connect needs an issuer, a client id and (once stored) a secret; SAML its metadata document. */
function requireTypeFields(input: IdentityProviderInput, secretMissing: boolean) {
  const required = (path: string) => ({ path, message: "validation.required" });
  const missing =
    input.type === "oidc"
      ? [
          ...(input.issuer_url ? [] : [required("issuer_url")]),
          ...(input.client_id ? [] : [required("client_id")]),
          ...(secretMissing && !input.client_secret ? [required("client_secret")] : []),
        ]
      : input.metadata_url
        ? []
        : [required("metadata_url")];
  if (missing.length > 0) throw badRequest("Some settings the provider type needs are missing.", missing);
}

function columnsOf(input: IdentityProviderInput) {
  const oidc = input.type === "oidc";
  const jit = input.jit_mode === "create";
  return {
    name: input.name,
    type: input.type,
    issuerUrl: oidc ? (input.issuer_url ?? null) : null,
    clientId: oidc ? (input.client_id ?? null) : null,
    metadataUrl: oidc ? null : (input.metadata_url ?? null),
    jitMode: input.jit_mode,
    defaultRole: jit ? (input.default_role ?? null) : null,
    defaultResourceGroupId: jit ? (input.default_resource_group_id ?? null) : null,
    enabled: input.enabled,
  };
}

/** Two Administrators saving the same domain or name at once: the database's constraint decides, as a 409. */
function uniqueProblem(error: unknown): unknown {
  if (!isUniqueViolation(error)) return error;
  const detail = String((error as { constraint?: string; cause?: { constraint?: string } }).constraint ?? (error as { cause?: { constraint?: string } }).cause?.constraint ?? "");
  return detail.includes("name") ? NAME_TAKEN() : DOMAIN_TAKEN();
}
