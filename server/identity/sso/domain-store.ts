import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { verificationRecord, type SsoDomain, type SsoDomainCheckFailure } from "../../../domain/entities/identity-provider";
import type { Db } from "../../db/client";
import { companySsoDomains } from "../../db/schema";
import { conflict } from "../../plugins/problem";

export type DomainRow = typeof companySsoDomains.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const DOMAIN_TAKEN = () =>
  conflict("A domain here is already served by another identity provider.", [{ path: "domains", message: "sso.validation.domainTaken" }]);

export const toSsoDomain = (row: DomainRow): SsoDomain => ({
  domain: row.domain,
  status: row.status,
  txt_record: verificationRecord(row.token),
  verified_at: row.verifiedAt?.toISOString() ?? null,
  checked_at: row.checkedAt?.toISOString() ?? null,
  check_failure: row.checkFailure ?? null,
});

/** The domains of some providers (every state), by provider, sorted. */
export async function domainsOf(db: Db | Tx, providerIds: string[]): Promise<Map<string, DomainRow[]>> {
  const byProvider = new Map<string, DomainRow[]>(providerIds.map((id) => [id, []]));
  if (providerIds.length === 0) return byProvider;
  const rows = await db.select().from(companySsoDomains).where(inArray(companySsoDomains.providerId, providerIds)).orderBy(asc(companySsoDomains.domain));
  for (const row of rows) byProvider.get(row.providerId)?.push(row);
  return byProvider;
}

/**
 * Gives a provider exactly these domains. A domain it keeps keeps its token and state; a new one starts pending.
 * Refused when another provider of the company serves one of them, or another company has proved one: several
 * companies may wait on a domain, but none can take it from the one that proved it.
 */
export async function claimDomains(tx: Tx, companyId: string, providerId: string, domains: string[]): Promise<void> {
  const wanted = [...new Set(domains)];
  const [taken] = await tx
    .select({ domain: companySsoDomains.domain })
    .from(companySsoDomains)
    .where(
      and(
        inArray(companySsoDomains.domain, wanted),
        or(
          and(eq(companySsoDomains.companyId, companyId), ne(companySsoDomains.providerId, providerId)),
          and(ne(companySsoDomains.companyId, companyId), eq(companySsoDomains.status, "verified")),
        ),
      ),
    )
    .limit(1);
  if (taken) throw DOMAIN_TAKEN();
  const kept = await tx.select({ domain: companySsoDomains.domain }).from(companySsoDomains).where(eq(companySsoDomains.providerId, providerId));
  const dropped = kept.map((k) => k.domain).filter((d) => !wanted.includes(d));
  if (dropped.length > 0) await tx.delete(companySsoDomains).where(and(eq(companySsoDomains.providerId, providerId), inArray(companySsoDomains.domain, dropped)));
  const added = wanted.filter((d) => !kept.some((k) => k.domain === d));
  if (added.length > 0) await tx.insert(companySsoDomains).values(added.map((domain) => ({ domain, companyId, providerId })));
}

/** One domain of one of the company's providers. */
export async function findDomain(db: Db, companyId: string, providerId: string, domain: string): Promise<DomainRow | undefined> {
  const [row] = await db
    .select()
    .from(companySsoDomains)
    .where(and(eq(companySsoDomains.companyId, companyId), eq(companySsoDomains.providerId, providerId), eq(companySsoDomains.domain, domain)));
  return row;
}

/** Whether a company other than `companyId` has proved the domain. */
export async function verifiedElsewhere(db: Db, companyId: string, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ domain: companySsoDomains.domain })
    .from(companySsoDomains)
    .where(and(eq(companySsoDomains.domain, domain), eq(companySsoDomains.status, "verified"), ne(companySsoDomains.companyId, companyId)));
  return row !== undefined;
}

const key = (row: Pick<DomainRow, "companyId" | "domain">) => and(eq(companySsoDomains.companyId, row.companyId), eq(companySsoDomains.domain, row.domain));

/** The record was found: the domain serves its provider (from the first proof on, `verified_at` keeps that time). */
export async function markVerified(db: Db, row: Pick<DomainRow, "companyId" | "domain">): Promise<DomainRow | undefined> {
  const [saved] = await db
    .update(companySsoDomains)
    .set({ status: "verified", verifiedAt: sql`coalesce(${companySsoDomains.verifiedAt}, now())`, checkedAt: sql`now()`, checkFailure: null })
    .where(key(row))
    .returning();
  return saved;
}

/**
 * A check that failed. The record gone (or the name) sends the domain back to pending; an unreachable resolver
 * proves nothing either way, so the state stays.
 */
export async function markFailed(db: Db, row: Pick<DomainRow, "companyId" | "domain">, failure: SsoDomainCheckFailure): Promise<DomainRow | undefined> {
  const pending = failure === "unreachable" ? {} : { status: "pending" as const, verifiedAt: null };
  const [saved] = await db
    .update(companySsoDomains)
    .set({ ...pending, checkedAt: sql`now()`, checkFailure: failure })
    .where(key(row))
    .returning();
  return saved;
}

/** Every verified domain, for the daily check. */
export async function verifiedDomains(db: Db): Promise<DomainRow[]> {
  return db.select().from(companySsoDomains).where(eq(companySsoDomains.status, "verified")).orderBy(asc(companySsoDomains.domain));
}
