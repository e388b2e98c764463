import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { confirmSignIn, signIn, signOut } from "aws-amplify/auth";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { SoftwareAuthenticator } from "../support/software-authenticator";
import { identityUsers, identityWebauthnCredentials } from "../../server/db/schema";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { claims, configureAmplify, currentUser } from "./identity-support";
import { passkeyProtocol, requestOptions } from "./passkey-support";

/**
 * Choice-based sign-in (USER_AUTH) in the local identity service: a passkey preferred or chosen, refusals of
 * replayed, foreign and forged assertions, the same answer for unknown users as for users without passkeys,
 * and the password as a first factor through the real Amplify client.
 */
let t: TestApp;
let origin: string;
const { accessTokenOf, identityOnlyUser, register, initiate, respond, answerWebAuthn } = passkeyProtocol(() => t.app);

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
