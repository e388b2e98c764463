import { isIP } from "node:net";

/**
 * TRUST_PROXY: whom to believe about the client's address in X-Forwarded-For. Empty trusts nobody
 * (the peer's address is the client's); a number trusts that many proxy hops in front of Steward;
 * a comma list trusts those proxy addresses or CIDR ranges. Anything else is refused at start.
 */
export type TrustProxy = false | number | string[];

export function parseTrustProxy(value: string): TrustProxy | { error: string } {
  const text = value.trim();
  if (text === "" || text === "false") return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(",").map((e) => e.trim()).filter(Boolean);
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) return { error: `"${bad}" is not a hop count, an IP address or a CIDR range` };
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}
