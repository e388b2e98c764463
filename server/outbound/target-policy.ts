import { lookup } from "node:dns/promises";
import type { Allowlist, AllowlistEntry } from "./allowlist";
import { inRange, parseIp, rangeWithin, type IpAddress } from "./ip-address";
import { canonicalIp, specialRangesOf, type SpecialKind } from "./special-addresses";

/**
 * Where Steward may send a request whose URL a tenant chose (a model endpoint, a company's identity provider),
 * so the feature cannot be turned against the operator's machine or internal network:
 * - HTTPS only, except plain HTTP to hosts the operator's allowlist (allowlist.ts) lists with an explicit `http://`;
 * - with `listedOnly`, the URL's host must also be on the allowlist (an empty list allows none); without it any
 *   public host may be called;
 * - the host name is resolved here and every address it has must pass: private (10/8, 172.16/12,
 *   192.168/16, 100.64/10, fc00::/7…), link-local (169.254/16 with the metadata service, fe80::/10), loopback
 *   (127/8, ::1), unspecified and reserved addresses, also in IPv4-mapped and other IPv4-carrying IPv6 forms, are
 *   refused unless the host is listed by name, or the address by itself or in a CIDR range no wider than the
 *   special range it lies in (listing 10.1.0.0/16 lets 10.1.2.3 through; 0.0.0.0/0 lets no private address through);
 * - the call then connects to the address checked here (pinned-request.ts), so a second DNS answer cannot
 *   swap in another one (DNS rebinding), and follows no redirect.
 * A refusal happens before any connection is made, so it cannot tell an open port from a closed one.
 */
export interface OutboundPolicy {
  allowlist: Allowlist;
  /** The operator's setting that holds the allowlist, named in refusals. */
  setting: string;
  /** Whether only listed hosts may be called (model endpoints), rather than any public HTTPS host (identity providers). */
  listedOnly: boolean;
  /** What the URL points at, for refusals: "model endpoint", "identity provider". */
  noun: string;
}

export type RefusalReason = "bad_url" | "allowlist_empty" | "not_allowlisted" | "plain_http" | "private_address" | "unresolvable";

export class OutboundRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly host: string,
    detail: string,
    readonly address?: string,
  ) {
    super(detail);
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

/** Every address the system resolver gives for the host, in its order. */
export const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

/** A checked call target: the URL, and the one address to connect to. */
export interface Target {
  url: URL;
  /** The URL's host as written there (for TLS server names and the Host header). */
  hostname: string;
  port: number;
  address: string;
  family: 4 | 6;
}

const SPECIAL_WORDS: Record<SpecialKind, string> = {
  private: "a private",
  loopback: "a loopback",
  link_local: "a link-local",
  unspecified: "an unspecified",
  reserved: "a reserved",
};

function parseUrl(text: string, noun: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundRefused("bad_url", "", `The ${noun} URL is not a valid URL.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new OutboundRefused("bad_url", url.hostname, `The ${noun} URL must start with https://.`);
  // A secret belongs in its own field, where it is stored encrypted, not in the URL.
  if (url.username || url.password) throw new OutboundRefused("bad_url", url.hostname, `The ${noun} URL must not contain a user name or password.`);
  return url;
}

/** Resolves and checks the URL's target against the allowlist and the address rules; throws OutboundRefused. */
export async function resolveTarget(text: string, policy: OutboundPolicy, resolve: Resolve = systemResolve): Promise<Target> {
  const { allowlist, setting, listedOnly, noun } = policy;
  const url = parseUrl(text, noun);
  const hostname = url.hostname.replace(/\.$/, "");
  const host = hostname.replace(/^\[(.*)\]$/, "$1");
  if (listedOnly && allowlist.length === 0) {
    throw new OutboundRefused(
      "allowlist_empty",
      host,
      `No ${noun} can be called: this Steward installation's ${setting} setting is empty. Ask its operator to list the host there.`,
    );
  }
  const https = url.protocol === "https:";
  const port = url.port ? Number(url.port) : https ? 443 : 80;
  const portFits = (entry: AllowlistEntry) => entry.port === null || entry.port === port;
  const byName = allowlist.filter((entry) => entry.host === hostname && portFits(entry));
  const ranges = allowlist.filter((entry) => entry.range && portFits(entry));
  const notListed = () =>
    new OutboundRefused("not_allowlisted", host, `The host ${host} (port ${port}) is not allowed by this installation's ${setting} setting.`);

  const literal = parseIp(host);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: host, family: literal.family }];
  else if (listedOnly && byName.length === 0 && ranges.length === 0) throw notListed();
  else {
    addresses = await resolve(host).catch(() => []);
    if (addresses.length === 0) throw new OutboundRefused("unresolvable", host, `The host name ${host} could not be resolved.`);
  }

  for (const { address } of addresses) {
    const ip = parseIp(address);
    if (!ip) throw new OutboundRefused("unresolvable", host, `The host name ${host} resolved to something that is not an address.`);
    const canonical = canonicalIp(ip);
    const containing = ranges.filter((entry) => inRange(canonical, entry.range!) || inRange(ip, entry.range!));
    const allowing = [...byName, ...containing];
    if (listedOnly && allowing.length === 0) throw notListed();
    // An internal address is the graver reason, so it is the one named.
    refuseSpecial(host, address, canonical, byName.length > 0, containing, setting);
    if (!https && !allowing.some((entry) => entry.http)) {
      throw new OutboundRefused("plain_http", host, `Plain http:// is allowed only to hosts listed with http:// in ${setting}: use https:// for ${host}.`);
    }
  }
  const [first] = addresses;
  return { url, hostname, port, address: first.address, family: first.family };
}

/** A special address passes only when listed explicitly: its host by name, or a range that lies inside the special one. */
function refuseSpecial(host: string, address: string, ip: IpAddress, listedByName: boolean, containing: readonly AllowlistEntry[], setting: string) {
  const special = specialRangesOf(ip);
  if (special.length === 0 || listedByName) return;
  if (special.some((s) => containing.some((entry) => rangeWithin(entry.range!, s.range)))) return;
  const kind = special[0].kind;
  const via = address === host ? `${host} is` : `${host} resolves to ${address},`;
  throw new OutboundRefused(
    "private_address",
    host,
    `${via} ${SPECIAL_WORDS[kind]} address: it is called only when ${setting} lists it explicitly.`,
    address,
  );
}
