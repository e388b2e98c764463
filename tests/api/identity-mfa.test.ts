import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { confirmSignIn, fetchMFAPreference, setUpTOTP, signIn, signOut, updateMFAPreference, verifyTOTPSetup } from "aws-amplify/auth";
import { createTestApp, type TestApp } from "../support/test-app";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { afterFirstFactor } from "../../server/identity/operations/sign-in-result";
import { configureAmplify, protocol, signInRaw } from "./identity-support";
import {
  advance,
  codeAt,
  failure,
  freezeClock,
  identityRow,
  initiateRaw,
  respondRaw,
  setPolicy,
  USER_PASSWORD_AUTH,
  withAuthenticator,
  wrongCode,
} from "./identity-mfa-support";

/** Authenticator-app codes (TOTP) driven by the real Amplify v6 client, and the sign-in Sessions they answer. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await configureAmplify(t.app);
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => freezeClock());
afterEach(async () => {
  await signOut().catch(() => {});
  vi.useRealTimers();
});

describe("authenticator app (TOTP)", () => {
  it("is set up and verified in Settings, then asked for at every sign-in, each code once", async () => {
    const email = "reviewer@steward.test";
    expect(await signIn({ username: email, password: DEMO_PASSWORD, options: USER_PASSWORD_AUTH })).toMatchObject({ isSignedIn: true });
    expect(await fetchMFAPreference()).toEqual({ preferred: undefined, enabled: undefined });

    const { sharedSecret } = await setUpTOTP();
    expect(sharedSecret).toMatch(/^[A-Z2-7]{32}$/); // 160 bits
    const stored = await identityRow(t, email);
    expect(stored.totpSecret).toMatch(/^v1\./);
    expect(stored.totpSecret).not.toContain(sharedSecret);
    expect(stored.totpEnabled).toBe(false);

    const mismatch = await failure(verifyTOTPSetup({ code: wrongCode(sharedSecret) }));
    expect(mismatch).toMatchObject({ name: "EnableSoftwareTokenMFAException", message: "Code mismatch" });
    const setupStep = Math.floor(Date.now() / 30_000);
    await verifyTOTPSetup({ code: codeAt(sharedSecret) });
    await updateMFAPreference({ totp: "PREFERRED" });
    expect(await fetchMFAPreference()).toEqual({ preferred: "TOTP", enabled: ["TOTP"] });
    await signOut();

    const challenged = await signIn({ username: email, password: DEMO_PASSWORD, options: USER_PASSWORD_AUTH });
    expect(challenged).toEqual({ isSignedIn: false, nextStep: { signInStep: "CONFIRM_SIGN_IN_WITH_TOTP_CODE" } });
    expect(await failure(confirmSignIn({ challengeResponse: wrongCode(sharedSecret) }))).toMatchObject({
      name: "CodeMismatchException",
      message: "Invalid code received for user",
    });
    // The code verified during setup was spent there.
    expect((await failure(confirmSignIn({ challengeResponse: codeAt(sharedSecret, setupStep) }))).name).toBe("CodeMismatchException");
    advance(30_000);
    expect(await confirmSignIn({ challengeResponse: codeAt(sharedSecret, setupStep + 1) })).toEqual({ isSignedIn: true, nextStep: { signInStep: "DONE" } });
    await signOut();

    await signIn({ username: email, password: DEMO_PASSWORD, options: USER_PASSWORD_AUTH });
    // Same step again, then an older step than the last one accepted: both refused, though within the window.
    expect((await failure(confirmSignIn({ challengeResponse: codeAt(sharedSecret, setupStep + 1) }))).name).toBe("CodeMismatchException");
    expect((await failure(confirmSignIn({ challengeResponse: codeAt(sharedSecret, setupStep) }))).name).toBe("CodeMismatchException");
    // The phone one step ahead is tolerated.
    expect(await confirmSignIn({ challengeResponse: codeAt(sharedSecret, setupStep + 2) })).toMatchObject({ isSignedIn: true });
  });

  it("refuses to replace a working authenticator and to turn one on that was never verified", async () => {
    const email = "approver@steward.test";
    await signIn({ username: email, password: DEMO_PASSWORD, options: USER_PASSWORD_AUTH });
    const unverified = await failure(updateMFAPreference({ totp: "ENABLED" }));
    expect(unverified).toMatchObject({ name: "InvalidParameterException" });
    expect(unverified.message).toMatch(/Set up the authenticator app/);
    const { sharedSecret } = await setUpTOTP();
    expect((await failure(updateMFAPreference({ totp: "PREFERRED" }))).message).toMatch(/Set up the authenticator app/);
    await verifyTOTPSetup({ code: codeAt(sharedSecret) });
    const replace = await failure(setUpTOTP());
    expect(replace).toMatchObject({ name: "InvalidParameterException" });
    expect(replace.message).toMatch(/already set up/);
    // Turning it off forgets the secret: the next sign-in asks for nothing.
    await updateMFAPreference({ totp: "DISABLED" });
    expect((await identityRow(t, email)).totpSecret).toBeNull();
    await signOut();
    expect((await signIn({ username: email, password: DEMO_PASSWORD, options: USER_PASSWORD_AUTH })).isSignedIn).toBe(true);
  });
});

describe("the sign-in Session", () => {
  it("works once, for its own challenge only, and for 3 minutes", async () => {
    const email = "contributor@steward.test";
    const secret = await withAuthenticator(email);
    advance(30_000);

    const first = await initiateRaw(t, email);
    expect(first.body).toMatchObject({ ChallengeName: "SOFTWARE_TOKEN_MFA", ChallengeParameters: { USER_ID_FOR_SRP: email } });
    expect(first.body.AuthenticationResult).toBeUndefined();
    const session = first.body.Session as string;

    // A Session for the authenticator code answers neither another challenge nor another user.
    for (const [challenge, responses] of [
      ["EMAIL_OTP", { USERNAME: email, EMAIL_OTP_CODE: "123456" }],
      ["NEW_PASSWORD_REQUIRED", { USERNAME: email, NEW_PASSWORD: "Another-Password-2026" }],
      ["MFA_SETUP", { USERNAME: email }],
      ["SOFTWARE_TOKEN_MFA", { USERNAME: "reviewer@steward.test", SOFTWARE_TOKEN_MFA_CODE: codeAt(secret) }],
    ] as const) {
      const res = await respondRaw(t, challenge, session, responses);
      expect(res.status, challenge).toBe(400);
      expect(res.body).toEqual({ __type: "NotAuthorizedException", message: "Invalid session for the user, session is expired." });
    }

    const ok = await respondRaw(t, "SOFTWARE_TOKEN_MFA", session, { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: codeAt(secret) });
    expect(ok.status).toBe(200);
    expect(ok.body.AuthenticationResult.AccessToken).toBeTruthy();
    advance(30_000);
    const replay = await respondRaw(t, "SOFTWARE_TOKEN_MFA", session, { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: codeAt(secret) });
    expect(replay.body).toEqual({ __type: "NotAuthorizedException", message: "Invalid session for the user, session can only be used once." });

    const late = (await initiateRaw(t, email)).body.Session as string;
    advance(181_000);
    const expired = await respondRaw(t, "SOFTWARE_TOKEN_MFA", late, { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: codeAt(secret) });
    expect(expired.body).toEqual({ __type: "NotAuthorizedException", message: "Invalid session for the user, session is expired." });
  });
});

describe("lockout", () => {
  it("refuses the second step for 15 minutes after five wrong codes, even with the right one", async () => {
    const email = "noroles@steward.test";
    const secret = await withAuthenticator(email);
    advance(30_000);
    await signIn({ username: email, password: DEMO_PASSWORD, options: USER_PASSWORD_AUTH });
    for (let i = 0; i < 5; i++) expect((await failure(confirmSignIn({ challengeResponse: wrongCode(secret) }))).name).toBe("CodeMismatchException");
    const locked = await failure(confirmSignIn({ challengeResponse: codeAt(secret) }));
    expect(locked).toEqual(expect.objectContaining({ name: "NotAuthorizedException", message: "Password attempts exceeded" }));

    // A new sign-in does not reset it.
    advance(10 * 60_000);
    await signIn({ username: email, password: DEMO_PASSWORD, options: USER_PASSWORD_AUTH });
    expect((await failure(confirmSignIn({ challengeResponse: codeAt(secret) }))).message).toBe("Password attempts exceeded");

    advance(5 * 60_000 + 1_000);
    await signIn({ username: email, password: DEMO_PASSWORD, options: USER_PASSWORD_AUTH });
    expect(await confirmSignIn({ challengeResponse: codeAt(secret) })).toMatchObject({ isSignedIn: true });
  });
});

describe("GetUser", () => {
  it("lists no MFA settings for a user without factors, as Cognito omits them", async () => {
    const { AccessToken } = await signInRaw(t.app, "admin@steward.test", DEMO_PASSWORD);
    const res = await protocol(t.app, "GetUser", { AccessToken });
    expect(res.status).toBe(200);
    expect(res.body.UserMFASettingList).toBeUndefined();
    expect(res.body.PreferredMfaSetting).toBeUndefined();
  });
});

describe("after a first factor other than the password", () => {
  it("asks nothing more after a passkey, and never an e-mailed code twice", async () => {
    const email = "admin@steward.test";
    await signInRaw(t.app, email, DEMO_PASSWORD);
    const ctx = { pool: t.app.identity.local!, ip: "127.0.0.1", log: t.app.log };
    await setPolicy(t, "required_all");
    try {
      // Required, nothing set up: after an e-mailed first factor only an authenticator can be the second.
      const user = await identityRow(t, email);
      expect(await afterFirstFactor(user, "EMAIL_OTP", ctx)).toMatchObject({ ChallengeName: "MFA_SETUP", ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' } });
      expect(await afterFirstFactor(user, "PASSWORD", ctx)).toMatchObject({ ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA","EMAIL_OTP"]' } });
      expect(await afterFirstFactor(user, "WEB_AUTHN", ctx)).toMatchObject({ AuthenticationResult: { AccessToken: expect.any(String) } });
      const withEmail = { ...user, emailMfaEnabled: true };
      expect(await afterFirstFactor(withEmail, "PASSWORD", ctx)).toMatchObject({ ChallengeName: "EMAIL_OTP" });
      expect(await afterFirstFactor(withEmail, "EMAIL_OTP", ctx)).toMatchObject({ ChallengeName: "MFA_SETUP" });
    } finally {
      await setPolicy(t, "optional");
    }
  });
});
