import { inRange, parseRange, type IpAddress, type IpRange } from "./ip-address";

/**
 * Why an address is not a public host on the internet. A URL a tenant chose may reach these only when the
 * installation lists them explicitly (target-policy.ts): otherwise a user could make Steward call its own
 * network, the cloud's metadata service (169.254.169.254) or the machine itself.
 */
export type SpecialKind = "private" | "loopback" | "link_local" | "unspecified" | "reserved";

const range = (text: string) => parseRange(text)!;

export const SPECIAL_RANGES: readonly { range: IpRange; kind: SpecialKind }[] = [
  { range: range("0.0.0.0/8"), kind: "unspecified" },
  { range: range("10.0.0.0/8"), kind: "private" },
  { range: range("100.64.0.0/10"), kind: "private" }, // carrier-grade NAT, shared address space
  { range: range("127.0.0.0/8"), kind: "loopback" },
  { range: range("169.254.0.0/16"), kind: "link_local" }, // includes the metadata service 169.254.169.254
  { range: range("172.16.0.0/12"), kind: "private" },
  { range: range("192.0.0.0/24"), kind: "reserved" },
  { range: range("192.0.2.0/24"), kind: "reserved" },
  { range: range("192.168.0.0/16"), kind: "private" },
  { range: range("198.18.0.0/15"), kind: "reserved" },
  { range: range("198.51.100.0/24"), kind: "reserved" },
  { range: range("203.0.113.0/24"), kind: "reserved" },
  { range: range("224.0.0.0/4"), kind: "reserved" }, // multicast
  { range: range("240.0.0.0/4"), kind: "reserved" }, // includes the broadcast 255.255.255.255
  { range: range("::/128"), kind: "unspecified" },
  { range: range("::1/128"), kind: "loopback" },
  { range: range("100::/64"), kind: "reserved" }, // discard-only
  // Translators that reach IPv4 hosts of their own network: local-use NAT64 (the IPv4 address sits across the
  // prefix's reserved octet) and Teredo (a relay, with the client's address obscured). Neither names a host a
  // tenant may reach, so both are special as a whole rather than by the address they carry.
  { range: range("64:ff9b:1::/48"), kind: "private" },
  { range: range("2001::/32"), kind: "reserved" },
  { range: range("2001:db8::/32"), kind: "reserved" },
  { range: range("fc00::/7"), kind: "private" }, // unique local
  { range: range("fe80::/10"), kind: "link_local" },
  { range: range("fec0::/10"), kind: "private" }, // the former site-local
  { range: range("ff00::/8"), kind: "reserved" }, // multicast
];

/**
 * IPv6 forms that carry an IPv4 address, and where: IPv4-mapped (`::ffff:a.b.c.d`, which a dual-stack
 * socket connects to as the IPv4 host itself), IPv4-translated for SIIT (`::ffff:0:a.b.c.d`), NAT64
 * (`64:ff9b::/96`), IPv4-compatible (`::a.b.c.d`) and 6to4 (`2002::/16`), which gateways route to that IPv4 host.
 */
const EMBEDDING: readonly { range: IpRange; offset: number }[] = [
  { range: range("::ffff:0:0/96"), offset: 12 },
  { range: range("::ffff:0:0:0/96"), offset: 12 },
  { range: range("64:ff9b::/96"), offset: 12 },
  { range: range("::/96"), offset: 12 },
  { range: range("2002::/16"), offset: 2 },
];

const MAPPED = EMBEDDING[0].range;

/** The IPv4 address an IPv6 one carries (see EMBEDDING), or null. */
export function embeddedIpv4(ip: IpAddress): IpAddress | null {
  if (ip.family !== 6) return null;
  const form = EMBEDDING.find((e) => inRange(ip, e.range));
  return form ? { family: 4, bytes: ip.bytes.slice(form.offset, form.offset + 4) } : null;
}

/** An IPv4-mapped IPv6 address is that IPv4 address; any other is itself. */
export const canonicalIp = (ip: IpAddress): IpAddress => (inRange(ip, MAPPED) ? embeddedIpv4(ip)! : ip);

/** The special ranges the address (or the IPv4 address it carries) falls in; empty for a public address. */
export function specialRangesOf(ip: IpAddress): { range: IpRange; kind: SpecialKind }[] {
  const own = SPECIAL_RANGES.filter((s) => inRange(ip, s.range));
  if (own.length > 0) return own;
  const carried = embeddedIpv4(ip);
  return carried ? SPECIAL_RANGES.filter((s) => inRange(carried, s.range)) : [];
}
