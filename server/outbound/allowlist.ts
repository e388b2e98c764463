import { parseIp, parseRange, type IpRange } from "./ip-address";

/**
 * One entry of an operator's outbound allowlist (MODEL_ENDPOINT_ALLOWLIST, SSO_PROVIDER_ALLOWLIST). The setting
 * is a comma-separated list of:
 * - a host name (`models.example.com`) or an address (`203.0.113.7`, `[2001:db8::7]`): that host, any port;
 * - either with a port (`models.example.com:8443`): that host on that port only;
 * - a CIDR range (`10.20.0.0/16`): IP-address hosts in it, and host names whose every address is in it;
 * - any of these prefixed with `http://` (`http://localhost:8080`): plain HTTP is allowed to them, as for a
 *   developer's local model or identity provider. Everything else must be HTTPS.
 * Listing an entry is also what lets a private, loopback or link-local address through (target-policy.ts).
 */
export interface AllowlistEntry {
  /** As written, for messages. */
  text: string;
  http: boolean;
  /** Only this port, or any when null. */
  port: number | null;
  /** A host name as URLs spell it (lower case, punycode, no trailing dot). */
  host?: string;
  /** An address (a range of one) or a CIDR range. */
  range?: IpRange;
}

export type Allowlist = readonly AllowlistEntry[];

/** How URLs spell a host: WHATWG's normalisation (case, punycode, IPv4 forms like `0x7f.1`), without a trailing dot. */
export function normalHost(host: string): string | null {
  try {
    const { hostname } = new URL(`https://${host}`);
    return hostname.replace(/\.$/, "");
  } catch {
    return null;
  }
}

const HOST_AND_PORT = /^(\[[0-9a-fA-F:.]+\]|[^:/[\]]+)(?::(\d{1,5}))?$/;

function parseEntry(raw: string): AllowlistEntry | string {
  const text = raw.trim();
  const scheme = /^(https?):\/\//i.exec(text);
  const rest = (scheme ? text.slice(scheme[0].length) : text).replace(/\/+$/, "");
  const http = scheme?.[1].toLowerCase() === "http";
  if (rest.includes("/")) {
    const range = parseRange(rest);
    return range ? { text, http, port: null, range } : `"${text}" is not a CIDR range (like 10.20.0.0/16 or fd00::/8)`;
  }
  // A bare IPv6 address has colons but no brackets and no port.
  if (!rest.startsWith("[") && parseIp(rest)?.family === 6) return { text, http, port: null, range: parseRange(rest)! };
  const match = HOST_AND_PORT.exec(rest);
  const port = match?.[2] === undefined ? null : Number(match[2]);
  const host = match && normalHost(match[1]);
  if (!host || (port !== null && (port < 1 || port > 65535))) return `"${text}" is not a host name, host:port or CIDR range`;
  const address = parseRange(host);
  return address ? { text, http, port, range: address } : { text, http, port, host };
}

/** The parsed list, or the first bad entry named. */
export function parseAllowlist(text: string): { entries: Allowlist } | { error: string } {
  const entries: AllowlistEntry[] = [];
  for (const raw of text.split(",")) {
    if (raw.trim() === "") continue;
    const entry = parseEntry(raw);
    if (typeof entry === "string") return { error: entry };
    entries.push(entry);
  }
  return { entries };
}
