import { and, eq } from "drizzle-orm";
import type { IdentityLink } from "../../../domain/entities/identity-link";
import { recordAudit, type Actor } from "../../audit/record";
import type { Db } from "../../db/client";
import { companyIdentityProviders, identityLinks, identityUsers, users } from "../../db/schema";
import { badRequest, notFound } from "../../plugins/problem";
import { FederatedUserRefused, type FederatedClaims } from "./provisioning";
import type { ProviderRow } from "./providers";

type LinkRow = typeof identityLinks.$inferSelect;

const view = (row: LinkRow, providerName: string): IdentityLink => ({
  user_id: row.userId,
  provider_id: row.providerId,
  provider_name: providerName,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  confirmed_at: row.confirmedAt?.toISOString() ?? null,
});

const linkColumns = { link: identityLinks, providerName: companyIdentityProviders.name };

/** The user's link, if any, within the company. */
export async function linkOf(db: Db, companyId: string, userId: string): Promise<IdentityLink | null> {
  const [row] = await db
    .select(linkColumns)
    .from(identityLinks)
    .innerJoin(companyIdentityProviders, eq(companyIdentityProviders.id, identityLinks.providerId))
    .where(and(eq(identityLinks.companyId, companyId), eq(identityLinks.userId, userId)));
  return row ? view(row.link, row.providerName) : null;
}

/**
 * An Administrator links a password user of the company to one of its OpenID providers. The link stays pending
 * until the person confirms it; linking again (to the same or another provider) starts over.
 */
export async function createLink(db: Db, actor: Actor, userId: string, providerId: string): Promise<IdentityLink> {
  const companyId = actor.companyId;
  const [user] = await db.select().from(users).where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  if (!user) throw notFound("User");
  const [provider] = await db
    .select()
    .from(companyIdentityProviders)
    .where(and(eq(companyIdentityProviders.id, providerId), eq(companyIdentityProviders.companyId, companyId)));
  if (!provider) throw badRequest("The identity provider does not exist.", [{ path: "provider_id", message: "sso.link.providerMissing" }]);
  if (provider.type !== "oidc") throw badRequest("Only OpenID Connect providers can be linked here.", [{ path: "provider_id", message: "sso.link.oidcOnly" }]);
  const [identity] = await db.select().from(identityUsers).where(eq(identityUsers.sub, user.sub));
  // Accounts a provider created already sign in through it; there is nothing to link.
  if (!identity?.passwordHash || identity.federatedProviderId) {
    throw badRequest("Only a user who signs in with a password can be linked to corporate sign-in.", [{ path: "provider_id", message: "sso.link.notPasswordUser" }]);
  }
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(identityLinks).where(eq(identityLinks.userId, user.id));
    if (before) await tx.delete(identityLinks).where(eq(identityLinks.id, before.id));
    const [row] = await tx.insert(identityLinks).values({ companyId, userId: user.id, providerId, status: "pending", createdBy: actor.id }).returning();
    await recordAudit(tx, actor, {
      entityType: "user",
      entityId: user.id,
      action: "user.identity_link_created",
      ...(before ? { before: { provider_id: before.providerId, status: before.status } } : {}),
      after: { provider_id: provider.id, identity_provider: provider.name, status: "pending" },
    });
    return view(row, provider.name);
  });
}

/** Cancels a pending link or removes a confirmed one: the person signs in with their password only again. */
export async function deleteLink(db: Db, actor: Actor, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(identityLinks)
      .where(and(eq(identityLinks.companyId, actor.companyId), eq(identityLinks.userId, userId)))
      .returning();
    if (!row) throw notFound("Link");
    await recordAudit(tx, actor, {
      entityType: "user",
      entityId: userId,
      action: "user.identity_link_removed",
      before: { provider_id: row.providerId, status: row.status, subject: row.subject },
    });
  });
}

/** The caller's own pending link and its provider (for confirming it). */
export async function pendingLinkOf(db: Db, companyId: string, userId: string) {
  const [row] = await db
    .select(linkColumns)
    .from(identityLinks)
    .innerJoin(companyIdentityProviders, eq(companyIdentityProviders.id, identityLinks.providerId))
    .where(and(eq(identityLinks.companyId, companyId), eq(identityLinks.userId, userId), eq(identityLinks.status, "pending")));
  return row?.link;
}

/**
 * The person, signed in with their password, came back from the provider: the provider must assert the same
 * address as the account's, and its subject is bound to the link from now on.
 */
export async function confirmLink(db: Db, linkId: string, provider: ProviderRow, person: FederatedClaims): Promise<void> {
  const words = { email: person.email, provider: provider.name };
  const [row] = await db
    .select({ link: identityLinks, user: users })
    .from(identityLinks)
    .innerJoin(users, eq(users.id, identityLinks.userId))
    .where(and(eq(identityLinks.id, linkId), eq(identityLinks.providerId, provider.id), eq(identityLinks.companyId, provider.companyId)));
  if (!row || row.link.status !== "pending") throw new FederatedUserRefused("linkGone", words);
  if (row.user.email.toLowerCase() !== person.email) throw new FederatedUserRefused("linkOtherPerson", { ...words, account: row.user.email });
  const [taken] = await db
    .select({ id: identityLinks.id })
    .from(identityLinks)
    .where(and(eq(identityLinks.providerId, provider.id), eq(identityLinks.subject, person.subject)));
  if (taken) throw new FederatedUserRefused("linkTaken", words);
  const actor: Actor = { id: row.user.id, type: "user", name: `${row.user.firstName} ${row.user.lastName}`.trim() || row.user.email, companyId: provider.companyId };
  await db.transaction(async (tx) => {
    await tx.update(identityLinks).set({ status: "linked", subject: person.subject, confirmedAt: new Date() }).where(eq(identityLinks.id, linkId));
    await recordAudit(tx, actor, {
      entityType: "user",
      entityId: row.user.id,
      action: "user.identity_link_confirmed",
      after: { provider_id: provider.id, identity_provider: provider.name, status: "linked" },
    });
  });
}
