import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { decodeClientDataJSON, isoBase64URL } from "@simplewebauthn/server/helpers";
import { z } from "zod";
import { CognitoError, invalidParameter, notAuthorized } from "../errors";
import type { LocalPool } from "../pool";
import type { IdentityUser } from "../store";
import { CHALLENGE_SESSION_SECONDS } from "../tokens";
import { REGISTRATION_CHALLENGE_MS, saveChallenge, spendChallenge } from "./challenges";
import { findPasskey, type StoredPasskey } from "./credentials";
import { assertPasskeysPossible, relyingParty } from "./relying-party";

/** ES256 and RS256: what platform authenticators and security keys create, and what Cognito accepts. */
const ALGORITHMS = [-7, -257];
const SIGN_IN_CHALLENGE_MS = CHALLENGE_SESSION_SECONDS * 1000;

const base64url = z.string().min(1).max(16_384).regex(/^[A-Za-z0-9_-]+={0,2}$/);
const transports = z.array(z.string().max(32)).max(16);
const credentialBase = {
  id: base64url.max(1366),
  rawId: base64url.max(1366),
  type: z.literal("public-key"),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};
/** The JSON form of a new credential, as Amplify serializes `navigator.credentials.create()`. */
const registrationSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
    authenticatorData: base64url.optional(),
  }),
});
/** The JSON form of an assertion, as Amplify serializes `navigator.credentials.get()`. */
const assertionSchema = z.object({
  ...credentialBase,
  response: z.object({ clientDataJSON: base64url, authenticatorData: base64url, signature: base64url, userHandle: base64url.optional() }),
});

/** The user handle the authenticator stores with the passkey: the user's id, never their e-mail address. */
const userHandle = (sub: string) => Uint8Array.from(Buffer.from(sub.replaceAll("-", ""), "hex"));

/** Options for `navigator.credentials.create()`; the challenge is remembered for the user until it is answered. */
export async function registrationOptions(pool: LocalPool, user: IdentityUser, existing: StoredPasskey[]): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty(pool);
  assertPasskeysPossible(rp);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userID: userHandle(user.sub),
    userDisplayName: user.email,
    timeout: REGISTRATION_CHALLENGE_MS,
    attestationType: "none",
    // The authenticator refuses to make a second passkey for this account (the browser's "already registered").
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports })),
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "preferred" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await saveChallenge(pool.db, options.challenge, user.sub, "register", REGISTRATION_CHALLENGE_MS);
  return options;
}

export interface NewPasskey {
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[];
  aaguid: string;
  relyingPartyId: string;
}

/** Checks a new credential against the challenge issued to this user (spent here, once), our origin and RP id. */
export async function verifyRegistration(pool: LocalPool, user: IdentityUser, credential: unknown): Promise<NewPasskey> {
  const parsed = registrationSchema.safeParse(credential);
  if (!parsed.success) throw invalidParameter("Invalid value for parameter Credential");
  const response = parsed.data as RegistrationResponseJSON;
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge || !(await spendChallenge(pool.db, challenge, user.sub, "register"))) {
    throw new CognitoError("WebAuthnChallengeNotFoundException", "The registration has expired or was already completed; start it again.");
  }
  const rp = relyingParty(pool);
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch (error) {
    throw registrationError(error);
  }
  if (!result.verified) throw invalidParameter("The passkey could not be verified.");
  const { credential: created, aaguid } = result.registrationInfo;
  return {
    credentialId: created.id,
    publicKey: isoBase64URL.fromBuffer(created.publicKey),
    signCount: created.counter,
    transports: response.response.transports ?? [],
    aaguid,
    relyingPartyId: rp.id,
  };
}

/** SimpleWebAuthn's reasons, as the Cognito exceptions Amplify and the app know. */
function registrationError(error: unknown): CognitoError {
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : "";
  if (reason.startsWith("UnexpectedRPIDHash")) {
    return new CognitoError("WebAuthnRelyingPartyMismatchException", "The passkey was made for another relying party.");
  }
  if (/response origin/.test(reason)) {
    return new CognitoError("WebAuthnOriginNotAllowedException", "The passkey was made on a web address this service does not accept.");
  }
  if (/public key alg|Attestation Format|attestation statement|PQC/i.test(reason)) {
    return new CognitoError("WebAuthnCredentialNotSupportedException", "This kind of passkey is not supported.");
  }
  return invalidParameter("The passkey could not be verified.");
}

function challengeOf(clientDataJSON: string): string | null {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    return typeof challenge === "string" && challenge.length > 0 && challenge.length <= 512 ? challenge : null;
  } catch {
    return null;
  }
}

/** Options for `navigator.credentials.get()` limited to the user's passkeys; the challenge is remembered until answered. */
export async function authenticationOptions(pool: LocalPool, user: IdentityUser, passkeys: StoredPasskey[]): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(pool).id,
    allowCredentials: passkeys.map((c) => ({ id: c.credentialId, transports: c.transports })),
    // A passkey signs in on its own, so the authenticator must have verified the user (PIN, biometrics).
    userVerification: "required",
    timeout: SIGN_IN_CHALLENGE_MS,
  });
  await saveChallenge(pool.db, options.challenge, user.sub, "authenticate", SIGN_IN_CHALLENGE_MS);
  return options;
}

const failed = () => notAuthorized("The passkey could not be verified.");

/**
 * Verifies an assertion for the challenge bound to the sign-in session: the challenge is spent first (a replay
 * or a second answer finds it gone), the credential must be one of this user's, the origin and RP id ours, the
 * user verified, and the signature counter must move forward. Returns the credential's id and new counter.
 */
export async function verifyAssertion(pool: LocalPool, user: IdentityUser, challenge: string, credentialJson: string) {
  let json: unknown;
  try {
    json = JSON.parse(credentialJson);
  } catch {
    throw invalidParameter("Invalid value for parameter ChallengeResponses.CREDENTIAL");
  }
  const parsed = assertionSchema.safeParse(json);
  if (!parsed.success) throw invalidParameter("Invalid value for parameter ChallengeResponses.CREDENTIAL");
  if (!(await spendChallenge(pool.db, challenge, user.sub, "authenticate"))) {
    throw notAuthorized("Invalid session for the user, session is expired.");
  }
  const stored = await findPasskey(pool.db, user.sub, parsed.data.id);
  if (!stored) throw failed();
  const rp = relyingParty(pool);
  try {
    const result = await verifyAuthenticationResponse({
      response: parsed.data as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.credentialId,
        publicKey: isoBase64URL.toBuffer(stored.publicKey),
        counter: stored.signCount,
        transports: stored.transports,
      },
      requireUserVerification: true,
    });
    if (!result.verified) throw failed();
    return { credentialId: stored.credentialId, signCount: result.authenticationInfo.newCounter };
  } catch (error) {
    if (error instanceof CognitoError) throw error;
    throw failed();
  }
}
