import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { SoftwareAuthenticator, CeremonyOverrides } from "../support/software-authenticator";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { hashPassword } from "../../server/identity/passwords";
import { LOCAL_CLIENT_ID } from "../../server/identity/settings";
import { insertUser } from "../../server/identity/store";
import { protocol, signInRaw } from "./identity-support";

/** A provider the AAGUID table knows: passkeys made by it are named after it. */
export const ICLOUD_KEYCHAIN = "fbfc3007-154e-4ecc-8c0b-6e020557d7bd";

/**
 * The passkey calls of the identity protocol, shaped exactly as Amplify sends them (its own passkey code needs
 * the browser's WebAuthn API), against the app the tests run.
 */
export function passkeyProtocol(app: () => FastifyInstance) {
  const call = (operation: string, body: unknown) => protocol(app(), operation, body);
  const accessTokenOf = async (email: string) => (await signInRaw(app(), email, DEMO_PASSWORD)).AccessToken;

  /** A user of the identity store only (no profile in the API): enough for the protocol, and untouched by other tests. */
  async function identityOnlyUser(email: string) {
    await insertUser(app().db, { email, passwordHash: await hashPassword(DEMO_PASSWORD), status: "CONFIRMED" });
    return email;
  }

  /** Amplify's associateWebAuthnCredential: Start, the authenticator's create(), Complete. */
  async function register(authenticator: SoftwareAuthenticator, accessToken: string, overrides: CeremonyOverrides = {}) {
    const start = await call("StartWebAuthnRegistration", { AccessToken: accessToken });
    expect(start.status).toBe(200);
    const credential = authenticator.create(start.body.CredentialCreationOptions, overrides);
    const complete = await call("CompleteWebAuthnRegistration", { AccessToken: accessToken, Credential: credential });
    return { start: start.body, credential, complete };
  }

  const initiate = (username: string, preferred?: string) =>
    call("InitiateAuth", {
      AuthFlow: "USER_AUTH",
      ClientId: LOCAL_CLIENT_ID,
      AuthParameters: { USERNAME: username, ...(preferred ? { PREFERRED_CHALLENGE: preferred } : {}) },
    });

  const respond = (challengeName: string, session: string, responses: Record<string, string>) =>
    call("RespondToAuthChallenge", { ChallengeName: challengeName, ClientId: LOCAL_CLIENT_ID, Session: session, ChallengeResponses: responses });

  /** The passkey half of Amplify's handleWebAuthnSignInResult: the authenticator's get(), then RespondToAuthChallenge. */
  async function answerWebAuthn(authenticator: SoftwareAuthenticator, username: string, challenge: Record<string, any>, overrides: CeremonyOverrides = {}) {
    const assertion = authenticator.get(requestOptions(challenge), overrides);
    return { assertion, res: await respond("WEB_AUTHN", challenge.Session, { USERNAME: username, CREDENTIAL: JSON.stringify(assertion) }) };
  }

  /** GET /v2/access/user/passkeys as the token's user. */
  async function passkeysOf(accessToken: string) {
    const res = await app().inject({ method: "GET", url: "/v2/access/user/passkeys", headers: { authorization: `Bearer ${accessToken}` } });
    expect(res.statusCode).toBe(200);
    return res.json().data as Array<{ credential_id: string; name: string; created_at: string; last_used_at: string | null }>;
  }

  return { call, accessTokenOf, identityOnlyUser, register, initiate, respond, answerWebAuthn, passkeysOf };
}

/** The WEB_AUTHN challenge's request options, as Amplify parses them from ChallengeParameters. */
export const requestOptions = (body: Record<string, any>) => JSON.parse(body.ChallengeParameters.CREDENTIAL_REQUEST_OPTIONS);
