import { sql } from "drizzle-orm";
import type { SsoDomain } from "../../../domain/entities/identity-provider";
import { recordAudit, type Actor } from "../../audit/record";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { scheduledRuns } from "../../db/schema";
import { conflict, HttpProblem, notFound } from "../../plugins/problem";
import { findDomain, markFailed, markVerified, toSsoDomain, verifiedDomains, verifiedElsewhere, type DomainRow } from "./domain-store";
import type { DomainProof } from "./domain-proof";
import type { ProviderRow } from "./providers";

export const DOMAIN_CHECK_JOB = "sso-domain-recheck";
/** A round is claimed only this long after the last one: a day, less the drift of timers. */
const ROUND_INTERVAL = sql`interval '23 hours'`;

const TAKEN = (domain: string) =>
  conflict(`Another company has already verified ${domain}; it cannot be verified for this company too.`, [{ path: "domain", message: "sso.validation.domainVerifiedElsewhere" }]);

/** A domain's state as the audit log keeps it. */
const audited = (row: DomainRow) => ({ domain: row.domain, status: row.status, check_failure: row.checkFailure });

/**
 * Proof of a company's e-mail domains by DNS TXT record: the Administrator's "Verify", and the daily check that
 * sends a domain whose record disappeared back to pending.
 */
export class DomainVerification {
  /** `byConfiguration`: domains proved by how the installation runs (the demo provider's reserved one), never looked up. */
  constructor(
    private readonly db: Db,
    private readonly proof: DomainProof,
    private readonly byConfiguration: readonly string[] = [],
  ) {}

  /**
   * Checks one domain of a provider of the actor's company now and answers it verified (audited). A failed check is
   * refused with what was missing and changes nothing: the state a refusal leaves is the one it found.
   */
  async verify(actor: Actor, provider: ProviderRow, domain: string): Promise<SsoDomain> {
    const row = await findDomain(this.db, actor.companyId, provider.id, domain);
    if (!row) throw notFound("Domain");
    if (await verifiedElsewhere(this.db, actor.companyId, domain)) throw TAKEN(domain);
    const outcome = await this.proof.check(domain, row.token);
    if (!outcome.ok) throw new HttpProblem(422, outcome.message, [{ path: "domain", message: `sso.domainCheck.${outcome.failure}` }]);
    try {
      // The proof and its audit entry commit together.
      const saved = await this.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const verified = await markVerified(db, row);
        if (!verified) throw notFound("Domain");
        await recordAudit(db, actor, { entityType: "identity_provider", entityId: provider.id, action: "identity_provider.domain_verified", before: audited(row), after: audited(verified) });
        return verified;
      });
      return toSsoDomain(saved);
    } catch (error) {
      // Another company's proof of the same domain was saved a moment earlier: the partial unique index decides.
      if (isUniqueViolation(error)) throw TAKEN(domain);
      throw error;
    }
  }

  /**
   * The daily round, claimed in `scheduled_runs` so that of several instances one checks: each verified domain's
   * record is looked up again; one found missing goes back to pending (audited for its company). False when
   * another instance already ran this round.
   */
  async recheckOnce(): Promise<boolean> {
    const claimed = await this.db
      .insert(scheduledRuns)
      .values({ job: DOMAIN_CHECK_JOB, lastRunAt: sql`now()` })
      .onConflictDoUpdate({ target: scheduledRuns.job, set: { lastRunAt: sql`now()` }, setWhere: sql`${scheduledRuns.lastRunAt} <= now() - ${ROUND_INTERVAL}` })
      .returning({ job: scheduledRuns.job });
    if (claimed.length === 0) return false;
    await this.recheckAll();
    return true;
  }

  /** Looks up every verified domain's record again, one after the other (few domains; a resolver is not flooded). */
  async recheckAll(): Promise<void> {
    for (const row of await verifiedDomains(this.db)) {
      if (this.byConfiguration.includes(row.domain)) continue;
      const outcome = await this.proof.check(row.domain, row.token);
      if (outcome.ok) {
        await markVerified(this.db, row);
        continue;
      }
      const saved = await markFailed(this.db, row, outcome.failure);
      if (saved && saved.status !== row.status) {
        const actor: Actor = { id: null, type: "system", name: "Daily domain check", companyId: row.companyId };
        await recordAudit(this.db, actor, { entityType: "identity_provider", entityId: row.providerId, action: "identity_provider.domain_lapsed", before: audited(row), after: audited(saved) });
      }
    }
  }
}
