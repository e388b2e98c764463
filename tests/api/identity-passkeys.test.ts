import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { confirmSignIn, deleteWebAuthnCredential, listWebAuthnCredentials, signIn, signOut } from "aws-amplify/auth";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { InvalidStateError, SoftwareAuthenticator, type CeremonyOverrides } from "../support/software-authenticator";
import { identityUsers, identityWebauthnCredentials } from "../../server/db/schema";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { hashPassword } from "../../server/identity/passwords";
import { LOCAL_CLIENT_ID } from "../../server/identity/settings";
import { insertUser } from "../../server/identity/store";
import { claims, configureAmplify, currentUser, protocol, signInRaw } from "./identity-support";

/**
 * Passkeys in the local identity service, driven as Amplify v6 drives Cognito's: registration from Settings
 * (Start/CompleteWebAuthnRegistration), the list and delete calls, and sign-in through USER_AUTH, with a real
 * software authenticator on the other side. Amplify's own passkey ceremony needs `navigator.credentials`, so
 * those calls are sent raw, shaped exactly as Amplify sends them; the rest goes through the real Amplify.
 */
let t: TestApp;
let origin: string;
const ICLOUD_KEYCHAIN = "fbfc3007-154e-4ecc-8c0b-6e020557d7bd";

beforeAll(async () => {
  t = await createTestApp();
  origin = t.config.publicUrl;
  await configureAmplify(t.app);
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await signOut().catch(() => {});
});

const call = (operation: string, body: unknown) => protocol(t.app, operation, body);
const accessTokenOf = async (email: string) => (await signInRaw(t.app, email, DEMO_PASSWORD)).AccessToken;

/** A user of the identity store only (no profile in the API): enough for the protocol, and untouched by other tests. */
async function identityOnlyUser(email: string) {
  await insertUser(t.app.db, { email, passwordHash: await hashPassword(DEMO_PASSWORD), status: "CONFIRMED" });
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

const requestOptions = (body: Record<string, any>) => JSON.parse(body.ChallengeParameters.CREDENTIAL_REQUEST_OPTIONS);

/** The passkey half of Amplify's handleWebAuthnSignInResult: the authenticator's get(), then RespondToAuthChallenge. */
async function answerWebAuthn(authenticator: SoftwareAuthenticator, username: string, challenge: Record<string, any>, overrides: CeremonyOverrides = {}) {
  const assertion = authenticator.get(requestOptions(challenge), overrides);
  return { assertion, res: await respond("WEB_AUTHN", challenge.Session, { USERNAME: username, CREDENTIAL: JSON.stringify(assertion) }) };
}

async function passkeysOf(accessToken: string) {
  const res = await t.app.inject({ method: "GET", url: "/v2/access/user/passkeys", headers: { authorization: `Bearer ${accessToken}` } });
  expect(res.statusCode).toBe(200);
  return res.json().data as Array<{ credential_id: string; name: string; created_at: string; last_used_at: string | null }>;
}

describe("registering a passkey", () => {
  it("hands out creation options for the app's relying party, stores the passkey and lists it", async () => {
    const token = await accessTokenOf("approver@steward.test");
    const authenticator = new SoftwareAuthenticator(origin);
    const { start, credential, complete } = await register(authenticator, token);
    const options = start.CredentialCreationOptions;
    expect(options.rp).toEqual({ id: new URL(origin).hostname, name: "Steward" });
    expect(options.user).toMatchObject({ name: "approver@steward.test", displayName: "approver@steward.test" });
    expect(options.user.id).not.toContain("approver");
    expect(options.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toEqual([-7, -257]);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "preferred" });
    expect(options.excludeCredentials).toEqual([]);
    expect(options.attestation).toBe("none");
    expect(complete).toMatchObject({ status: 200, body: {} });

    const listed = await call("ListWebAuthnCredentials", { AccessToken: token });
    expect(listed.status).toBe(200);
    expect(listed.body.Credentials).toEqual([
      {
        CredentialId: credential.id,
        FriendlyCredentialName: "Passkey",
        RelyingPartyId: new URL(origin).hostname,
        AuthenticatorTransports: ["hybrid", "internal"],
        CreatedAt: expect.any(Number),
      },
    ]);
    expect(Math.abs(listed.body.Credentials[0].CreatedAt - Date.now() / 1000)).toBeLessThan(60);
    expect(listed.body.NextToken).toBeUndefined();
  });

  it("names the passkey after its provider when the authenticator's AAGUID is known", async () => {
    const token = await accessTokenOf("contributor@steward.test");
    const { complete, credential } = await register(new SoftwareAuthenticator(origin, ICLOUD_KEYCHAIN), token);
    expect(complete.status).toBe(200);
    const listed = await call("ListWebAuthnCredentials", { AccessToken: token });
    expect(listed.body.Credentials.find((c: { CredentialId: string }) => c.CredentialId === credential.id).FriendlyCredentialName).toBe("iCloud Keychain");
  });

  it("refuses the same authenticator twice: excluded by the options, and refused if registered anyway", async () => {
    const token = await accessTokenOf("approver@steward.test");
    const authenticator = new SoftwareAuthenticator(origin);
    const { credential } = await register(authenticator, token);

    const again = await call("StartWebAuthnRegistration", { AccessToken: token });
    expect(again.body.CredentialCreationOptions.excludeCredentials).toContainEqual(expect.objectContaining({ id: credential.id }));
    expect(() => authenticator.create(again.body.CredentialCreationOptions)).toThrow(InvalidStateError);

    // A cloned authenticator that ignores the exclusion list still cannot register the same credential id.
    const clone = await register(new SoftwareAuthenticator(origin), token, { credentialId: credential.id });
    expect(clone.complete).toMatchObject({ status: 400, body: { __type: "InvalidParameterException", message: "This passkey is already registered." } });
  });

  it("spends a registration challenge once, and only for the user it was issued to", async () => {
    const token = await accessTokenOf(await identityOnlyUser("spender@steward.test"));
    const { credential, complete } = await register(new SoftwareAuthenticator(origin), token);
    expect(complete.status).toBe(200);
    const replay = await call("CompleteWebAuthnRegistration", { AccessToken: token, Credential: credential });
    expect(replay).toMatchObject({ status: 400, body: { __type: "WebAuthnChallengeNotFoundException" } });

    const start = await call("StartWebAuthnRegistration", { AccessToken: token });
    const made = new SoftwareAuthenticator(origin).create(start.body.CredentialCreationOptions);
    const otherToken = await accessTokenOf(await identityOnlyUser("crosser@steward.test"));
    const crossed = await call("CompleteWebAuthnRegistration", { AccessToken: otherToken, Credential: made });
    expect(crossed).toMatchObject({ status: 400, body: { __type: "WebAuthnChallengeNotFoundException" } });
    expect((await call("ListWebAuthnCredentials", { AccessToken: otherToken })).body.Credentials).toEqual([]);
  });

  it("refuses a passkey made on another origin or for another relying party", async () => {
    const token = await accessTokenOf("noroles@steward.test");
    const phished = await register(new SoftwareAuthenticator(origin), token, { origin: "https://steward.evil.test" });
    expect(phished.complete).toMatchObject({ status: 400, body: { __type: "WebAuthnOriginNotAllowedException" } });
    const foreign = await register(new SoftwareAuthenticator(origin), token, { rpId: "evil.test" });
    expect(foreign.complete).toMatchObject({ status: 400, body: { __type: "WebAuthnRelyingPartyMismatchException" } });
    expect((await call("ListWebAuthnCredentials", { AccessToken: token })).body.Credentials).toEqual([]);
  });

  it("refuses to start a registration while the app is served from an IP address, which browsers refuse as an RP id", async () => {
    const served = await createTestApp({ env: { PUBLIC_URL: "http://127.0.0.1:8080" } });
    try {
      const token = (await signInRaw(served.app, "admin@steward.test", DEMO_PASSWORD)).AccessToken;
      const start = await protocol(served.app, "StartWebAuthnRegistration", { AccessToken: token });
      expect(start).toMatchObject({ status: 400, body: { __type: "WebAuthnConfigurationMissingException", message: expect.stringContaining("PUBLIC_URL") } });
    } finally {
      await served.close();
    }
  });

  it("answers malformed registrations and unknown tokens with a 400 in Cognito's shape", async () => {
    const token = await accessTokenOf("noroles@steward.test");
    for (const Credential of [{}, { id: "x", rawId: "x", type: "public-key", response: { clientDataJSON: "!!", attestationObject: "AA" } }]) {
      const res = await call("CompleteWebAuthnRegistration", { AccessToken: token, Credential });
      expect(res).toMatchObject({ status: 400, body: { __type: "InvalidParameterException" } });
    }
    const garbage = await call("CompleteWebAuthnRegistration", {
      AccessToken: token,
      Credential: { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: Buffer.from("{}").toString("base64url"), attestationObject: "AAAA" } },
    });
    expect(garbage).toMatchObject({ status: 400, body: { __type: "WebAuthnChallengeNotFoundException" } });
    const anonymous = await call("StartWebAuthnRegistration", { AccessToken: "not-a-token" });
    expect(anonymous).toMatchObject({ status: 400, body: { __type: "NotAuthorizedException" } });
    const badPage = await call("ListWebAuthnCredentials", { AccessToken: token, NextToken: "bm9wZQ" });
    expect(badPage).toMatchObject({ status: 400, body: { __type: "InvalidParameterException" } });
  });
});

describe("signing in with a passkey through USER_AUTH", () => {
  const user = "contributor@steward.test";
  let authenticator: SoftwareAuthenticator;
  let credentialId: string;

  beforeAll(async () => {
    authenticator = new SoftwareAuthenticator(origin);
    const { credential, complete } = await register(authenticator, await accessTokenOf(user));
    expect(complete.status).toBe(200);
    credentialId = credential.id;
  });

  it("answers a preferred WEB_AUTHN with request options for the user's passkeys, and signs in with one", async () => {
    const challenge = await initiate(user, "WEB_AUTHN");
    expect(challenge.status).toBe(200);
    expect(challenge.body).toMatchObject({ ChallengeName: "WEB_AUTHN", Session: expect.any(String) });
    const options = requestOptions(challenge.body);
    expect(options.rpId).toBe(new URL(origin).hostname);
    expect(options.userVerification).toBe("required");
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toContain(credentialId);

    const { res } = await answerWebAuthn(authenticator, user, challenge.body);
    expect(res.status).toBe(200);
    expect(res.body.AuthenticationResult).toMatchObject({ TokenType: "Bearer", ExpiresIn: 3600 });
    expect(res.body.AuthenticationResult.NewDeviceMetadata).toBeUndefined();
    expect(claims(res.body.AuthenticationResult.AccessToken)).toMatchObject({ username: user, token_use: "access" });
    const me = await currentUser(t.app, res.body.AuthenticationResult.AccessToken);
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(user);
  });

  it("offers the choice without a preference, and signs in after WEB_AUTHN is chosen", async () => {
    const select = await initiate(user);
    expect(select.body).toMatchObject({ ChallengeName: "SELECT_CHALLENGE", AvailableChallenges: ["PASSWORD", "WEB_AUTHN"], Session: expect.any(String) });
    const chosen = await respond("SELECT_CHALLENGE", select.body.Session, { USERNAME: user, ANSWER: "WEB_AUTHN" });
    expect(chosen.body.ChallengeName).toBe("WEB_AUTHN");
    const { res } = await answerWebAuthn(authenticator, user, chosen.body);
    expect(res.status).toBe(200);
    expect(res.body.AuthenticationResult.AccessToken).toEqual(expect.any(String));
  });

  it("refuses a replayed assertion and spends each challenge once", async () => {
    const challenge = await initiate(user, "WEB_AUTHN");
    const { assertion, res } = await answerWebAuthn(authenticator, user, challenge.body);
    expect(res.status).toBe(200);
    // The same answer again, on the same session.
    const replay = await respond("WEB_AUTHN", challenge.body.Session, { USERNAME: user, CREDENTIAL: JSON.stringify(assertion) });
    expect(replay).toMatchObject({ status: 400, body: { __type: "NotAuthorizedException" } });
    // The old answer on a fresh challenge: it signed another challenge.
    const fresh = await initiate(user, "WEB_AUTHN");
    const stale = await respond("WEB_AUTHN", fresh.body.Session, { USERNAME: user, CREDENTIAL: JSON.stringify(assertion) });
    expect(stale).toMatchObject({ status: 400, body: { __type: "NotAuthorizedException" } });
    // That failed answer spent the fresh challenge too: even a good assertion for it is refused now.
    const late = await answerWebAuthn(authenticator, user, fresh.body);
    expect(late.res).toMatchObject({ status: 400, body: { __type: "NotAuthorizedException" } });
  });

  it("refuses an assertion whose signature counter went backwards (a cloned authenticator)", async () => {
    const challenge = await initiate(user, "WEB_AUTHN");
    const held = authenticator.credentials[0];
    const options = requestOptions(challenge.body);
    const cloned = authenticator.assertion(held, options.challenge, options.rpId, {}, 1);
    const res = await respond("WEB_AUTHN", challenge.body.Session, { USERNAME: user, CREDENTIAL: JSON.stringify(cloned) });
    expect(res).toMatchObject({ status: 400, body: { __type: "NotAuthorizedException" } });
  });

  it("refuses an assertion from another origin, for another relying party, or without user verification", async () => {
    for (const overrides of [{ origin: "https://steward.evil.test" }, { rpId: "evil.test" }, { userVerified: false }]) {
      const challenge = await initiate(user, "WEB_AUTHN");
      const options = requestOptions(challenge.body);
      const assertion = authenticator.assertion(authenticator.credentials[0], options.challenge, overrides.rpId ?? options.rpId, overrides, authenticator.credentials[0].counter + 1);
      const res = await respond("WEB_AUTHN", challenge.body.Session, { USERNAME: user, CREDENTIAL: JSON.stringify(assertion) });
      expect(res, JSON.stringify(overrides)).toMatchObject({ status: 400, body: { __type: "NotAuthorizedException", message: "The passkey could not be verified." } });
    }
  });

  it("refuses another user's passkey, and a session used for another username", async () => {
    const other = "approver@steward.test";
    const otherAuthenticator = new SoftwareAuthenticator(origin);
    await register(otherAuthenticator, await accessTokenOf(other));
    const challenge = await initiate(other, "WEB_AUTHN");
    // The other user's challenge answered with our user's passkey.
    const options = requestOptions(challenge.body);
    const mine = authenticator.get(options, { credentialId });
    const res = await respond("WEB_AUTHN", challenge.body.Session, { USERNAME: other, CREDENTIAL: JSON.stringify(mine) });
    expect(res).toMatchObject({ status: 400, body: { __type: "NotAuthorizedException" } });
    // Our user's session presented under the other username.
    const ours = await initiate(user, "WEB_AUTHN");
    const swapped = await respond("WEB_AUTHN", ours.body.Session, { USERNAME: other, CREDENTIAL: JSON.stringify(authenticator.get(requestOptions(ours.body))) });
    expect(swapped).toMatchObject({ status: 400, body: { __type: "NotAuthorizedException", message: "Invalid session for the user, session is expired." } });
    // A SELECT_CHALLENGE session is no WEB_AUTHN session.
    const select = await initiate(user);
    const wrongStep = await respond("WEB_AUTHN", select.body.Session, { USERNAME: user, CREDENTIAL: JSON.stringify(mine) });
    expect(wrongStep).toMatchObject({ status: 400, body: { __type: "NotAuthorizedException" } });
  });

  it("answers malformed answers with a 400, never a 5xx", async () => {
    const challenge = await initiate(user, "WEB_AUTHN");
    for (const CREDENTIAL of ["not json", "{}", JSON.stringify({ id: credentialId, type: "public-key" })]) {
      const res = await respond("WEB_AUTHN", challenge.body.Session, { USERNAME: user, CREDENTIAL });
      expect(res).toMatchObject({ status: 400, body: { __type: "InvalidParameterException" } });
    }
    const select = await initiate(user);
    for (const ANSWER of ["EMAIL_OTP", "PASSWORD_SRP", "nonsense"]) {
      const res = await respond("SELECT_CHALLENGE", select.body.Session, { USERNAME: user, ANSWER });
      expect(res).toMatchObject({ status: 400, body: { __type: "InvalidParameterException" } });
    }
    const noPassword = await respond("SELECT_CHALLENGE", select.body.Session, { USERNAME: user, ANSWER: "PASSWORD" });
    expect(noPassword).toMatchObject({ status: 400, body: { __type: "InvalidParameterException" } });
    const forged = await respond("WEB_AUTHN", "forged.session.value", { USERNAME: user, CREDENTIAL: "{}" });
    expect(forged).toMatchObject({ status: 400, body: { __type: "NotAuthorizedException" } });
  });
});

describe("the choice for users without passkeys, and unknown users", () => {
  const shape = (body: Record<string, any>) => ({
    keys: Object.keys(body).sort(),
    ChallengeName: body.ChallengeName,
    AvailableChallenges: body.AvailableChallenges,
    ChallengeParameters: body.ChallengeParameters,
    sessionClaims: Object.keys(claims(body.Session)).sort(),
  });

  it("answers an unknown username exactly like a user without passkeys, with or without a preference", async () => {
    for (const preferred of [undefined, "WEB_AUTHN", "EMAIL_OTP"]) {
      const known = await initiate("admin@steward.test", preferred);
      const unknown = await initiate("nobody@steward.test", preferred);
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(shape(unknown.body)).toEqual(shape(known.body));
      expect(known.body.AvailableChallenges).toEqual(["PASSWORD"]);
      // Choosing the passkey anyway is refused alike.
      const a = await respond("SELECT_CHALLENGE", known.body.Session, { USERNAME: "admin@steward.test", ANSWER: "WEB_AUTHN" });
      const b = await respond("SELECT_CHALLENGE", unknown.body.Session, { USERNAME: "nobody@steward.test", ANSWER: "WEB_AUTHN" });
      expect({ status: b.status, body: b.body }).toEqual({ status: a.status, body: a.body });
    }
  });

  it("does not offer a passkey made for another address the app was once served at", async () => {
    const email = await identityOnlyUser("moved@steward.test");
    const [identity] = await t.app.db.select().from(identityUsers).where(eq(identityUsers.username, email));
    await t.app.db.insert(identityWebauthnCredentials).values({ credentialId: "b2xkLXBhc3NrZXk", sub: identity.sub, publicKey: "AQ", friendlyName: "Passkey", relyingPartyId: "old.steward.test" });
    const res = await initiate(email, "WEB_AUTHN");
    expect(res.body).toMatchObject({ ChallengeName: "SELECT_CHALLENGE", AvailableChallenges: ["PASSWORD"] });
  });

  it("signs in with a password through USER_AUTH with the real Amplify client, by choice or by preference", async () => {
    const chooser = await signIn({ username: "admin@steward.test", options: { authFlowType: "USER_AUTH" } });
    expect(chooser).toEqual({
      isSignedIn: false,
      nextStep: { signInStep: "CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION", availableChallenges: ["PASSWORD"] },
    });
    expect((await confirmSignIn({ challengeResponse: "PASSWORD" })).nextStep.signInStep).toBe("CONFIRM_SIGN_IN_WITH_PASSWORD");
    expect(await confirmSignIn({ challengeResponse: DEMO_PASSWORD })).toEqual({ isSignedIn: true, nextStep: { signInStep: "DONE" } });
    await signOut();

    const preferred = await signIn({ username: "admin@steward.test", password: DEMO_PASSWORD, options: { authFlowType: "USER_AUTH", preferredChallenge: "PASSWORD" } });
    expect(preferred.isSignedIn).toBe(true);
    await signOut();

    const wrong = await signIn({ username: "admin@steward.test", password: "not-the-password", options: { authFlowType: "USER_AUTH", preferredChallenge: "PASSWORD" } }).catch((e) => e);
    const unknown = await signIn({ username: "nobody@steward.test", password: "not-the-password", options: { authFlowType: "USER_AUTH", preferredChallenge: "PASSWORD" } }).catch((e) => e);
    for (const error of [wrong, unknown]) expect({ name: error.name, message: error.message }).toEqual({ name: "NotAuthorizedException", message: "Incorrect username or password." });
  });
});

describe("managing passkeys", () => {
  const user = "reviewer@steward.test";

  it("lists and deletes only the caller's own passkeys through the real Amplify client, and a deleted one no longer signs in", async () => {
    const authenticator = new SoftwareAuthenticator(origin);
    const { credential } = await register(authenticator, await accessTokenOf(user));
    const stranger = new SoftwareAuthenticator(origin);
    const { credential: theirs } = await register(stranger, await accessTokenOf("noroles@steward.test"));

    // A sign-in started while the passkey exists, answered after it is gone.
    const pending = await initiate(user, "WEB_AUTHN");
    expect(pending.body.ChallengeName).toBe("WEB_AUTHN");

    await signIn({ username: user, password: DEMO_PASSWORD, options: { authFlowType: "USER_PASSWORD_AUTH" } });
    const { credentials } = await listWebAuthnCredentials();
    expect(credentials.map((c) => c.credentialId)).toEqual([credential.id]);
    expect(credentials[0]).toMatchObject({ friendlyCredentialName: "Passkey", relyingPartyId: new URL(origin).hostname, createdAt: expect.any(Date) });

    const refused = await deleteWebAuthnCredential({ credentialId: theirs.id }).catch((e) => e);
    expect(refused.name).toBe("ResourceNotFoundException");
    await deleteWebAuthnCredential({ credentialId: credential.id });
    expect((await listWebAuthnCredentials()).credentials).toEqual([]);

    const { res } = await answerWebAuthn(authenticator, user, pending.body);
    expect(res).toMatchObject({ status: 400, body: { __type: "NotAuthorizedException" } });
    const next = await initiate(user, "WEB_AUTHN");
    expect(next.body).toMatchObject({ ChallengeName: "SELECT_CHALLENGE", AvailableChallenges: ["PASSWORD"] });
    // The stranger's passkey is still theirs.
    const strangerToken = await accessTokenOf("noroles@steward.test");
    expect((await call("ListWebAuthnCredentials", { AccessToken: strangerToken })).body.Credentials.map((c: { CredentialId: string }) => c.CredentialId)).toEqual([theirs.id]);
  });

  it("pages the list with MaxResults and NextToken", async () => {
    const token = await accessTokenOf("admin@steward.test");
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await register(new SoftwareAuthenticator(origin), token)).credential.id);
    const first = await call("ListWebAuthnCredentials", { AccessToken: token, MaxResults: 2 });
    expect(first.body.Credentials).toHaveLength(2);
    const second = await call("ListWebAuthnCredentials", { AccessToken: token, MaxResults: 2, NextToken: first.body.NextToken });
    expect(second.body.NextToken).toBeUndefined();
    expect([...first.body.Credentials, ...second.body.Credentials].map((c: { CredentialId: string }) => c.CredentialId).sort()).toEqual(made.sort());
    for (const id of made) expect((await call("DeleteWebAuthnCredential", { AccessToken: token, CredentialId: id })).status).toBe(200);
  });

  it("shows when each of the caller's passkeys was added and last used at GET /v2/access/user/passkeys", async () => {
    const who = "approver@steward.test";
    const token = await accessTokenOf(who);
    const authenticator = new SoftwareAuthenticator(origin, ICLOUD_KEYCHAIN);
    const { credential } = await register(authenticator, token);
    const before = (await passkeysOf(token)).find((p) => p.credential_id === credential.id);
    expect(before).toEqual({ credential_id: credential.id, name: "iCloud Keychain", created_at: expect.any(String), last_used_at: null });

    const challenge = await initiate(who, "WEB_AUTHN");
    const { res } = await answerWebAuthn(authenticator, who, challenge.body, { credentialId: credential.id });
    expect(res.status).toBe(200);
    const after = (await passkeysOf(token)).find((p) => p.credential_id === credential.id)!;
    expect(Date.parse(after.last_used_at!)).toBeGreaterThanOrEqual(Date.parse(after.created_at));

    // Only the caller's own: another user's list holds none of these.
    const othersIds = (await passkeysOf(await accessTokenOf("admin@steward.test"))).map((p) => p.credential_id);
    const mine = (await passkeysOf(token)).map((p) => p.credential_id);
    expect(othersIds.filter((id) => mine.includes(id))).toEqual([]);
  });
});
