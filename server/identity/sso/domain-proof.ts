import { Resolver } from "node:dns/promises";
import { isIP } from "node:net";
import { verificationRecord, type SsoDomainCheckFailure } from "../../../domain/entities/identity-provider";

/** How long one query may take, and how often it is tried, before the resolver counts as unreachable. */
export const DNS_TIMEOUT_MS = 3000;
const DNS_TRIES = 2;

/** Answers of node:dns meaning the name or its TXT records do not exist, as opposed to no answer at all. */
const NO_SUCH_NAME = new Set(["ENOTFOUND"]);
const NO_RECORD = new Set(["ENODATA"]);

/** What a check found: the record, or why not, in Steward's own words (never the resolver's error text). */
export type ProofOutcome = { ok: true } | { ok: false; failure: SsoDomainCheckFailure; message: string };

export const PROOF_MESSAGES: Record<SsoDomainCheckFailure, (domain: string) => string> = {
  not_found: (domain) => `The domain ${domain} was not found in DNS. Check its spelling, or that it is published.`,
  record_missing: (domain) => `No TXT record with this company's verification text was found at ${domain}. Add it at your DNS host, wait for it to publish, and try again.`,
  unreachable: () => "The DNS resolver could not be reached, so the domain could not be checked. Try again in a few minutes.",
};

/** Whether a `DNS_RESOLVER` value names an IP address, with an optional port (node:dns takes addresses only). */
export function validResolver(value: string): boolean {
  const v6 = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(value);
  if (v6) return isIP(v6[1]) === 6 && portOk(v6[2]);
  if (isIP(value) === 6) return true;
  const [host, port, extra] = value.split(":");
  return extra === undefined && isIP(host) === 4 && portOk(port);
}
const portOk = (port: string | undefined) => port === undefined || (/^\d{1,5}$/.test(port) && Number(port) > 0 && Number(port) < 65536);

/** Looks up a domain's TXT records for the company's verification text. */
export class DomainProof {
  /** `resolver`: the `DNS_RESOLVER` setting (an address, optionally with a port); undefined keeps the system's. */
  constructor(private readonly resolver: string | undefined) {}

  async check(domain: string, token: string): Promise<ProofOutcome> {
    const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: DNS_TRIES });
    if (this.resolver) resolver.setServers([this.resolver]);
    let records: string[][];
    try {
      records = await resolver.resolveTxt(domain);
    } catch (error) {
      const code = String((error as { code?: unknown }).code ?? "");
      const failure: SsoDomainCheckFailure = NO_SUCH_NAME.has(code) ? "not_found" : NO_RECORD.has(code) ? "record_missing" : "unreachable";
      return { ok: false, failure, message: PROOF_MESSAGES[failure](domain) };
    }
    // A TXT record may come split in several strings of up to 255 characters: they are one text.
    const expected = verificationRecord(token);
    if (records.some((parts) => parts.join("").trim() === expected)) return { ok: true };
    return { ok: false, failure: "record_missing", message: PROOF_MESSAGES.record_missing(domain) };
  }
}
