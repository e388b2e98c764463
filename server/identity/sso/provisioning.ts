import { eq, sql } from "drizzle-orm";
import { emailDomain } from "../../../domain/entities/identity-provider";
import { assignRole, insertUser as insertApiUser } from "../../access/users";
import { recordAudit, type Actor } from "../../audit/record";
import type { Db } from "../../db/client";
import { identityUsers, roles, users } from "../../db/schema";
import { findUserByUsername, normalizeUsername, type IdentityUser } from "../store";
import type { ProviderRow } from "./providers";

/** A federated sign-in refused for a reason the person (and their Administrator) can act on. */
export class FederatedUserRefused extends Error {}

/** What the provider's verified ID token says about the person. */
export interface FederatedClaims {
  email: string;
  givenName: string;
  familyName: string;
  language: "en" | "es";
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
/** Our names allow letters, digits, spaces and _ ~ - . only: anything else from a provider is dropped. */
const cleanName = (value: string) => value.replace(/[^\p{L}\p{N}_~\-. ]/gu, "").trim().slice(0, 250);

/**
 * The claims Steward relies on, checked against the provider: an e-mail address the provider has not marked
 * unverified, in one of the domains this provider serves — a provider cannot sign in another domain's people.
 */
export function federatedClaims(provider: { name: string }, domains: string[], claims: Record<string, unknown>): FederatedClaims {
  const email = normalizeUsername(text(claims.email));
  const domain = emailDomain(email);
  if (!email || !domain) throw new FederatedUserRefused(`${provider.name} did not send an e-mail address; ask your administrator to release the email claim.`);
  if (claims.email_verified === false || claims.email_verified === "false") {
    throw new FederatedUserRefused(`${provider.name} says the e-mail address ${email} is not verified.`);
  }
  if (!domains.includes(domain)) throw new FederatedUserRefused(`${provider.name} does not sign in addresses of ${domain}.`);
  const local = email.slice(0, email.indexOf("@"));
  const givenName = cleanName(text(claims.given_name)) || cleanName(text(claims.name).split(" ")[0] ?? "") || cleanName(local) || "User";
  const familyName = cleanName(text(claims.family_name)) || cleanName(text(claims.name).split(" ").slice(1).join(" ")) || "-";
  return { email, givenName, familyName, language: text(claims.locale).toLowerCase().startsWith("es") ? "es" : "en" };
}

/**
 * The person a federated sign-in continues as, by identity `sub`. A Steward user of the provider's company signs
 * in as themselves; a newcomer is created on the spot when the provider allows it (with its default role, if
 * any); anyone of another company is refused, whatever the provider asserts. With the local identity service
 * the identity user is made here too; with Cognito (`cognitoSub`) the pool already made it.
 */
export async function federatedUser(db: Db, provider: ProviderRow, person: FederatedClaims, cognitoSub?: string): Promise<{ sub: string }> {
  const [existing] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, person.email));
  if (existing && existing.companyId !== provider.companyId) {
    throw new FederatedUserRefused(`The account ${person.email} belongs to another organisation and cannot sign in through ${provider.name}.`);
  }
  if (existing && cognitoSub) {
    if (existing.sub === cognitoSub) return existing;
    throw new FederatedUserRefused(`${person.email} already signs in with a password. Ask your administrator to link the account to ${provider.name}.`);
  }
  if (existing) return (await findUserByUsername(db, person.email)) ?? insertIdentityUser(db, provider, person.email, existing.sub);
  if (provider.jitMode !== "create") {
    throw new FederatedUserRefused(`There is no Steward account for ${person.email} yet. Ask your administrator to add you.`);
  }
  return createUser(db, provider, person, cognitoSub);
}

async function insertIdentityUser(db: Db, provider: ProviderRow, email: string, sub?: string): Promise<IdentityUser> {
  const [user] = await db
    .insert(identityUsers)
    .values({ ...(sub ? { sub } : {}), username: email, email, passwordHash: null, status: "CONFIRMED", federatedProviderId: provider.id })
    .returning();
  return user;
}

async function createUser(db: Db, provider: ProviderRow, person: FederatedClaims, cognitoSub: string | undefined): Promise<{ sub: string }> {
  const actor: Actor = { id: null, type: "system", name: `Corporate sign-in (${provider.name})`, companyId: provider.companyId };
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const sub = cognitoSub ?? ((await findUserByUsername(txDb, person.email)) ?? (await insertIdentityUser(txDb, provider, person.email))).sub;
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
