import { isIP } from "node:net";
import { CognitoError } from "../errors";
import type { LocalPool } from "../pool";

/** Shown by the authenticator when it asks the user to create or use a passkey. */
export const RELYING_PARTY_NAME = "Steward";

export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/**
 * The relying party is the app's public address: its hostname is the RP id every passkey is bound to, and its
 * origin is the only one whose ceremonies are accepted. The local issuer is served from that address
 * (`<publicUrl>/identity/<poolId>`), so it is read from there rather than carried separately.
 */
export function relyingParty(pool: LocalPool): RelyingParty {
  const url = new URL(pool.issuer);
  return { id: url.hostname, origin: url.origin, name: RELYING_PARTY_NAME };
}

/**
 * Browsers refuse an IP address as an RP id, so passkeys cannot be made while the app is served from one; a
 * clear refusal here beats an authenticator error the user cannot act on.
 */
export function assertPasskeysPossible(rp: RelyingParty): void {
  if (isIP(rp.id.replace(/^\[|\]$/g, "")) !== 0) {
    throw new CognitoError(
      "WebAuthnConfigurationMissingException",
      "Passkeys need the app to be served from a domain name (such as localhost), not an IP address; change PUBLIC_URL.",
    );
  }
}
