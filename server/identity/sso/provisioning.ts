import { and, eq, sql } from "drizzle-orm";
import { emailDomain } from "../../../domain/entities/identity-provider";
import { assignRole, insertUser as insertApiUser } from "../../access/users";
import { recordAudit, type Actor } from "../../audit/record";
import type { Db } from "../../db/client";
import { identityLinks, identityUsers, roles, users } from "../../db/schema";
import { textsFor, type Language } from "../../i18n/texts";
import { findUserBySub, findUserByUsername, normalizeUsername, type IdentityUser } from "../store";
import type { ProviderRow } from "./providers";

/**
 * A federated sign-in refused for a reason the person (and their Administrator) can act on. The reason is a
 * `sso.refused.*` text: its message is the English wording, `wording` gives it in the person's language.
 */
export class FederatedUserRefused extends Error {
  constructor(
    readonly reason: string,
    readonly params: Record<string, string>,
  ) {
    super(textsFor("en")(`sso.refused.${reason}`, params));
  }

  wording(language: Language): string {
    return textsFor(language)(`sso.refused.${this.reason}`, this.params);
  }
}

/** What the provider's verified ID token says about the person. */
export interface FederatedClaims {
  /** The provider's subject for the person (`sub`): what a confirmed link matches, never the e-mail. */
  subject: string;
  /** How the provider says the person authenticated (RFC 8176 `amr`). */
  amr: string[];
  email: string;
  givenName: string;
  familyName: string;
  language: "en" | "es";
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
/** Our names allow letters, digits, spaces and _ ~ - . only: anything else from a provider is dropped. */
const cleanName = (value: string) => value.replace(/[^\p{L}\p{N}_~\-. ]/gu, "").trim().slice(0, 250);

/**
 * The claims Steward relies on, checked against the provider: an e-mail address an OpenID provider says is
 * verified (a missing `email_verified` is no such word), in one of the domains this provider serves — a provider
 * cannot sign in another domain's people.
 */
export function federatedClaims(provider: Pick<ProviderRow, "name" | "type">, domains: string[], claims: Record<string, unknown>): FederatedClaims {
  const email = normalizeUsername(text(claims.email));
  const domain = emailDomain(email);
  if (!email || !domain) throw new FederatedUserRefused("noEmail", { provider: provider.name });
  // Some providers let anyone type in an address: only one the provider vouches for names a person. SAML has no
  // such claim, so there only a stated "false" counts.
  const verified = claims.email_verified === true || claims.email_verified === "true";
  const unverified = claims.email_verified === false || claims.email_verified === "false";
  if (provider.type === "saml" ? unverified : !verified) throw new FederatedUserRefused("emailUnverified", { provider: provider.name, email });
  if (!domains.includes(domain)) throw new FederatedUserRefused("otherDomain", { provider: provider.name, domain });
  const local = email.slice(0, email.indexOf("@"));
  const givenName = cleanName(text(claims.given_name)) || cleanName(text(claims.name).split(" ")[0] ?? "") || cleanName(local) || "User";
  const familyName = cleanName(text(claims.family_name)) || cleanName(text(claims.name).split(" ").slice(1).join(" ")) || "-";
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((v): v is string => typeof v === "string").slice(0, 20) : [];
  return { subject: text(claims.sub).slice(0, 255), amr, email, givenName, familyName, language: text(claims.locale).toLowerCase().startsWith("es") ? "es" : "en" };
}

/**
 * The person a federated sign-in continues as, by identity `sub`. First an account an Administrator linked to
 * this provider and its owner confirmed, found by the provider's subject. Otherwise only an account that belongs
 * to federation from this provider signs in: one it created, or a newcomer created on the spot when the provider
 * allows it (with its default role, if any). An account that signs in with a password, through another
 * provider, or of another company is refused, whatever the provider asserts — the provider would otherwise
 * stand in for that account's password and second factor. With the local identity service the identity user is
 * made here too; with Cognito (`cognitoSub`) the pool already made it and keeps its own links.
 */
export async function federatedUser(db: Db, provider: ProviderRow, person: FederatedClaims, cognitoSub?: string): Promise<{ sub: string }> {
  const words = { email: person.email, provider: provider.name };
  if (!cognitoSub && person.subject) {
    const linked = await linkedAccount(db, provider, person.subject);
    if (linked) {
      const identity = await findUserBySub(db, linked.sub);
      if (!identity) throw new FederatedUserRefused("inactive", { ...words, email: linked.email });
      refuseUnlessReady(identity, { ...words, email: linked.email });
      return identity;
    }
  }
  const [existing] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, person.email));
  if (existing && existing.companyId !== provider.companyId) throw new FederatedUserRefused("otherCompany", words);
  if (existing && cognitoSub) {
    if (existing.sub === cognitoSub) return existing;
    throw new FederatedUserRefused("passwordAccountCognito", words);
  }
  const identity = cognitoSub ? undefined : await findUserByUsername(db, person.email);
  if (identity && identity.federatedProviderId !== provider.id) {
    if (!identity.passwordHash) throw new FederatedUserRefused("notLinked", words);
    const pending = existing && (await hasPendingLink(db, provider, existing.id));
    throw new FederatedUserRefused(pending ? "linkPending" : "passwordAccount", words);
  }
  if (identity) refuseUnlessReady(identity, words);
  if (existing) {
    if (identity?.sub !== existing.sub) throw new FederatedUserRefused("notLinked", words);
    return identity;
  }
  if (provider.jitMode !== "create") throw new FederatedUserRefused("noAccount", words);
  return createUser(db, provider, person, cognitoSub ?? identity?.sub);
}

/** The states in which a password sign-in would stop too. */
function refuseUnlessReady(identity: IdentityUser, words: Record<string, string>) {
  if (identity.status === "FORCE_CHANGE_PASSWORD") throw new FederatedUserRefused("passwordChange", words);
  if (identity.status !== "CONFIRMED") throw new FederatedUserRefused("inactive", words);
}

/** The account whose confirmed link to `provider` carries this provider subject. */
async function linkedAccount(db: Db, provider: ProviderRow, subject: string) {
  const [row] = await db
    .select({ sub: users.sub, email: users.email })
    .from(identityLinks)
    .innerJoin(users, eq(users.id, identityLinks.userId))
    .where(
      and(
        eq(identityLinks.providerId, provider.id),
        eq(identityLinks.subject, subject),
        eq(identityLinks.status, "linked"),
        eq(identityLinks.companyId, provider.companyId),
        eq(users.companyId, provider.companyId),
      ),
    );
  return row;
}

async function hasPendingLink(db: Db, provider: ProviderRow, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: identityLinks.id })
    .from(identityLinks)
    .where(and(eq(identityLinks.providerId, provider.id), eq(identityLinks.userId, userId), eq(identityLinks.status, "pending")));
  return Boolean(row);
}

async function insertIdentityUser(db: Db, provider: ProviderRow, email: string): Promise<IdentityUser> {
  const [user] = await db
    .insert(identityUsers)
    .values({ username: email, email, passwordHash: null, status: "CONFIRMED", federatedProviderId: provider.id })
    .returning();
  return user;
}

/** The Steward user of a newcomer: `knownSub` is Cognito's, or that of an identity user this provider made before. */
async function createUser(db: Db, provider: ProviderRow, person: FederatedClaims, knownSub: string | undefined): Promise<{ sub: string }> {
  const actor: Actor = { id: null, type: "system", name: `Corporate sign-in (${provider.name})`, companyId: provider.companyId };
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const sub = knownSub ?? (await insertIdentityUser(txDb, provider, person.email)).sub;
    const user = await insertApiUser(txDb, {
      companyId: provider.companyId,
      sub,
      email: person.email,
      firstName: person.givenName,
      lastName: person.familyName,
      language: person.language,
    });
    await recordAudit(tx, actor, {
      entityType: "user",
      entityId: user.id,
      action: "user.created",
      after: { email: user.email, first_name: user.firstName, last_name: user.lastName, identity_provider: provider.name },
    });
    if (provider.defaultRole && provider.defaultResourceGroupId) {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, provider.defaultRole));
      if (role) await assignRole(txDb, actor, provider.companyId, user, role.id, provider.defaultResourceGroupId);
    }
    return { sub };
  });
}
