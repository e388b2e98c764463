import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  confirmSignIn,
  confirmSignUp,
  fetchMFAPreference,
  resendSignUpCode,
  setUpTOTP,
  signIn,
  signOut,
  updateMFAPreference,
} from "aws-amplify/auth";
import { createTestApp, type TestApp } from "../support/test-app";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { companies, users } from "../../server/db/schema";
import { hashPassword } from "../../server/identity/passwords";
import { insertUser } from "../../server/identity/store";
import { LOCAL_CLIENT_ID } from "../../server/identity/settings";
import { configureAmplify, latestMail, protocol } from "./identity-support";
import { advance, codeAt, failure, freezeClock, identityRow, initiateRaw, respondRaw, setPolicy, USER_PASSWORD_AUTH } from "./identity-mfa-support";

/** The company's MFA policy at sign-in and in Settings, MFA set-up during sign-in, and confirming a sign-up. */
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
  await setPolicy(t, "optional");
});

const signInAs = (email: string, password = DEMO_PASSWORD) => signIn({ username: email, password, options: USER_PASSWORD_AUTH });
const SETUP_SELECTION = { isSignedIn: false, nextStep: { signInStep: "CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION", allowedMFATypes: ["TOTP", "EMAIL"] } };

describe("policy required_all", () => {
  it("makes a user without a factor set up an authenticator app while signing in, and keep it", async () => {
    await setPolicy(t, "required_all");
    const email = "reviewer@steward.test";
    expect(await signInAs(email)).toEqual(SETUP_SELECTION);
    const totp = await confirmSignIn({ challengeResponse: "TOTP" });
    expect(totp.nextStep.signInStep).toBe("CONTINUE_SIGN_IN_WITH_TOTP_SETUP");
    const secret = (totp.nextStep as { totpSetupDetails: { sharedSecret: string } }).totpSetupDetails.sharedSecret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await failure(confirmSignIn({ challengeResponse: "000000" === codeAt(secret) ? "111111" : "000000" }))).toMatchObject({
      name: "EnableSoftwareTokenMFAException",
    });
    expect(await confirmSignIn({ challengeResponse: codeAt(secret) })).toEqual({ isSignedIn: true, nextStep: { signInStep: "DONE" } });
    expect(await fetchMFAPreference()).toMatchObject({ enabled: ["TOTP"] });

    const off = await failure(updateMFAPreference({ totp: "DISABLED" }));
    expect(off.name).toBe("InvalidParameterException");
    expect(off.message).toMatch(/requires a second factor/);
    await signOut();
    advance(30_000);
    expect((await signInAs(email)).nextStep.signInStep).toBe("CONFIRM_SIGN_IN_WITH_TOTP_CODE");
  });

  it("sets up e-mail codes to the user's own address, proven by a code", async () => {
    await setPolicy(t, "required_all");
    const email = "approver@steward.test";
    expect(await signInAs(email)).toEqual(SETUP_SELECTION);
    expect((await confirmSignIn({ challengeResponse: "EMAIL" })).nextStep.signInStep).toBe("CONTINUE_SIGN_IN_WITH_EMAIL_SETUP");
    const elsewhere = await failure(confirmSignIn({ challengeResponse: "someone@else.test" }));
    expect(elsewhere.name).toBe("InvalidParameterException");
    expect(elsewhere.message).toMatch(/address you sign in with/);
    const sent = await confirmSignIn({ challengeResponse: "Approver@Steward.test" });
    expect(sent).toEqual({
      isSignedIn: false,
      nextStep: { signInStep: "CONFIRM_SIGN_IN_WITH_EMAIL_CODE", codeDeliveryDetails: { deliveryMedium: "EMAIL", destination: "a***@steward.test" } },
    });
    expect((await identityRow(t, email)).emailMfaEnabled).toBe(false);
    expect(await confirmSignIn({ challengeResponse: (await latestMail(t.app, email)).code! })).toMatchObject({ isSignedIn: true });
    expect(await fetchMFAPreference()).toMatchObject({ enabled: ["EMAIL"] });
  });

  it("reads MFA_SETUP answers by the sign-in pages' rules", async () => {
    await setPolicy(t, "required_all");
    const email = "contributor@steward.test";
    const res = await initiateRaw(t, email);
    expect(res.body).toMatchObject({ ChallengeName: "MFA_SETUP", ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA","EMAIL_OTP"]' } });
    const session = res.body.Session as string;
    const answer = (responses: Record<string, string>) => respondRaw(t, "MFA_SETUP", session, { USERNAME: email, ...responses });

    expect((await answer({ ANSWER: "PUSH" })).body).toEqual({
      __type: "InvalidParameterException",
      message: "ANSWER must be EMAIL, TOTP, a code from the authenticator app or your e-mail address.",
    });
    expect((await answer({ ANSWER: "SMS" })).body.message).toMatch(/^Text-message codes are not available/);
    expect((await answer({ EMAIL: "not-an-address" })).body).toEqual({ __type: "InvalidParameterException", message: "EMAIL must be an e-mail address." });
    // Nothing verified yet: the setup cannot be finished empty-handed.
    expect((await answer({})).body.message).toMatch(/Set up the authenticator app first/);
    expect((await answer({ ANSWER: "SOFTWARE_TOKEN_MFA" })).body).toMatchObject({ ChallengeName: "MFA_SETUP", ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' } });

    // The authenticator route in raw protocol: each step's Session is spent by the next.
    const associated = await protocol(t.app, "AssociateSoftwareToken", { Session: session });
    expect(associated.body.SecretCode).toMatch(/^[A-Z2-7]{32}$/);
    expect((await protocol(t.app, "AssociateSoftwareToken", { Session: session })).body.message).toMatch(/only be used once/);
    const verified = await protocol(t.app, "VerifySoftwareToken", { Session: associated.body.Session, UserCode: codeAt(associated.body.SecretCode) });
    expect(verified.body).toMatchObject({ Status: "SUCCESS", Session: expect.any(String) });
    const done = await respondRaw(t, "MFA_SETUP", verified.body.Session, { USERNAME: email });
    expect(done.body.AuthenticationResult.AccessToken).toBeTruthy();
    expect((await protocol(t.app, "AssociateSoftwareToken", { Session: session, AccessToken: done.body.AuthenticationResult.AccessToken })).body.message).toBe(
      "Pass either AccessToken or Session.",
    );
  });
});

describe("policy required_admins", () => {
  it("asks Administrators only", async () => {
    await setPolicy(t, "required_admins");
    expect(await signInAs("admin@steward.test")).toEqual(SETUP_SELECTION);
    expect(await signInAs("noroles@steward.test")).toEqual({ isSignedIn: true, nextStep: { signInStep: "DONE" } });
  });
});

describe("policy off", () => {
  it("asks for no second factor and lets none be turned on", async () => {
    const email = "noroles@steward.test";
    await signInAs(email);
    await updateMFAPreference({ email: "PREFERRED" });
    await signOut();
    await setPolicy(t, "off");
    expect(await signInAs(email)).toEqual({ isSignedIn: true, nextStep: { signInStep: "DONE" } });
    for (const attempt of [() => updateMFAPreference({ email: "ENABLED" }), () => setUpTOTP()]) {
      const error = await failure(attempt());
      expect(error.name).toBe("InvalidParameterException");
      expect(error.message).toMatch(/turned multi-factor authentication off/);
    }
    // Turning one off is still allowed.
    await updateMFAPreference({ email: "DISABLED" });
    expect(await fetchMFAPreference()).toEqual({ preferred: undefined, enabled: undefined });
  });
});

describe("text messages", () => {
  it("are refused clearly, never with a server error", async () => {
    await signInAs("admin@steward.test");
    const error = await failure(updateMFAPreference({ sms: "ENABLED" }));
    expect(error).toMatchObject({
      name: "InvalidParameterException",
      message: "Text-message codes are not available with the built-in identity service; use an authenticator app or e-mail codes.",
    });
  });
});

describe("a new user's first sign-in under required_all", () => {
  it("sets the new password, then asks for a second factor", async () => {
    const email = "newcomer@steward.test";
    const temporaryPassword = "Temporary-Pass-123";
    const { sub } = await t.app.identity.admin.createUser({ email, temporaryPassword });
    const [company] = await t.database.db.select().from(companies);
    await t.database.db.insert(users).values({ companyId: company.id, sub, email, firstName: "New", lastName: "Comer" });
    await setPolicy(t, "required_all");
    expect((await signInAs(email, temporaryPassword)).nextStep.signInStep).toBe("CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED");
    expect(await confirmSignIn({ challengeResponse: "Fresh-Password-2026x" })).toEqual(SETUP_SELECTION);
  });
});

describe("unconfirmed users", () => {
  it("are sent to CONFIRM_SIGN_UP and confirmed with the e-mailed code", async () => {
    const email = "pending@steward.test";
    await insertUser(t.database.db, { email, passwordHash: await hashPassword(DEMO_PASSWORD), status: "UNCONFIRMED" });
    // A wrong password answers as for anyone; the right one tells the user to confirm.
    expect((await failure(signInAs(email, "Not-The-Password-2026"))).name).toBe("NotAuthorizedException");
    expect(await signInAs(email)).toEqual({ isSignedIn: false, nextStep: { signInStep: "CONFIRM_SIGN_UP" } });
    const raw = await initiateRaw(t, email);
    expect(raw.body).toEqual({ __type: "UserNotConfirmedException", message: "User is not confirmed." });

    const delivery = { destination: "p***@steward.test", deliveryMedium: "EMAIL", attributeName: "email" };
    expect(await resendSignUpCode({ username: email })).toEqual(delivery);
    const { code } = await latestMail(t.app, email);
    expect((await failure(confirmSignUp({ username: email, confirmationCode: String((Number(code) + 1) % 1_000_000).padStart(6, "0") }))).name).toBe(
      "CodeMismatchException",
    );
    expect(await confirmSignUp({ username: email, confirmationCode: code! })).toEqual({ isSignUpComplete: true, nextStep: { signUpStep: "DONE" } });
    expect(await signInAs(email)).toEqual({ isSignedIn: true, nextStep: { signInStep: "DONE" } });
  });

  it("answers unknown and already confirmed addresses like any other", async () => {
    expect(await resendSignUpCode({ username: "nobody@steward.test" })).toEqual({ destination: "n***@steward.test", deliveryMedium: "EMAIL", attributeName: "email" });
    for (const username of ["nobody@steward.test", "admin@steward.test"]) {
      const res = await protocol(t.app, "ConfirmSignUp", { ClientId: LOCAL_CLIENT_ID, Username: username, ConfirmationCode: "123456" });
      expect(res.body).toEqual({ __type: "CodeMismatchException", message: "Invalid verification code provided, please try again." });
    }
  });
});

describe("resending sign-up codes", () => {
  it("asks for a captcha after three requests for an address within the hour", async () => {
    const username = "flood@steward.test";
    for (let i = 0; i < 3; i++) expect((await resendSignUpCode({ username })).deliveryMedium).toBe("EMAIL");
    expect(await failure(resendSignUpCode({ username }))).toMatchObject({ name: "CaptchaRequiredException" });
  });
});
