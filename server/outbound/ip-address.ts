import { isIPv4, isIPv6 } from "node:net";

/** An IP address as its bytes (4 or 16), so ranges compare bit by bit whatever way the text was written. */
export interface IpAddress {
  family: 4 | 6;
  bytes: Uint8Array;
}

/** A CIDR range: the address's first `prefix` bits. */
export interface IpRange {
  address: IpAddress;
  prefix: number;
}

function ipv4Bytes(text: string): Uint8Array {
  return Uint8Array.from(text.split(".").map(Number));
}

function ipv6Bytes(text: string): Uint8Array {
  let groups: string[];
  // A dotted IPv4 tail (`::ffff:10.0.0.1`) is two groups of hex.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = ipv4Bytes(dotted[2]);
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  if (tail === undefined) groups = head.split(":");
  else {
    const left = head ? head.split(":") : [];
    const right = tail ? tail.split(":") : [];
    groups = [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  }
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    const value = parseInt(group, 16);
    bytes[2 * i] = value >> 8;
    bytes[2 * i + 1] = value & 0xff;
  });
  return bytes;
}

/** The address in `text` (IPv6 with or without brackets, no zone), or null when it is no IP address. */
export function parseIp(text: string): IpAddress | null {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  if (isIPv4(bare)) return { family: 4, bytes: ipv4Bytes(bare) };
  if (isIPv6(bare) && !bare.includes("%")) return { family: 6, bytes: ipv6Bytes(bare) };
  return null;
}

/** `10.0.0.0/8`, `fc00::/7`, or a lone address (a range of one). Null when malformed. */
export function parseRange(text: string): IpRange | null {
  const [addressText, prefixText, ...rest] = text.split("/");
  const address = parseIp(addressText);
  if (!address || rest.length > 0) return null;
  const bits = address.family === 4 ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: bits };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) return null;
  return { address, prefix: Number(prefixText) };
}

export function inRange(ip: IpAddress, range: IpRange): boolean {
  if (ip.family !== range.address.family) return false;
  const whole = Math.floor(range.prefix / 8);
  for (let i = 0; i < whole; i++) if (ip.bytes[i] !== range.address.bytes[i]) return false;
  const rest = range.prefix % 8;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (ip.bytes[whole] & mask) === (range.address.bytes[whole] & mask);
}

/** Whether every address of `inner` lies in `outer`. */
export const rangeWithin = (inner: IpRange, outer: IpRange) => inner.prefix >= outer.prefix && inRange(inner.address, outer);

/** The address as text (IPv6 uncompressed, which every parser reads). */
export function formatIp(ip: IpAddress): string {
  if (ip.family === 4) return ip.bytes.join(".");
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((ip.bytes[i] << 8) | ip.bytes[i + 1]).toString(16));
  return groups.join(":");
}
