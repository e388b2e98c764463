import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { confirmSignIn, fetchMFAPreference, setUpTOTP, signIn, signOut, updateMFAPreference, verifyTOTPSetup } from "aws-amplify/auth";
import { and, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { identityAttempts, identityCodes, identityUsers } from "../../server/db/schema";
import { configureAmplify, latestMail } from "./identity-support";
import { codeAt, failure, freezeClock, identityRow, initiateRaw, respondRaw, USER_PASSWORD_AUTH } from "./identity-mfa-support";

/** E-mailed sign-in codes and the choice between two factors, through the real Amplify v6 client. */
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

const signInAs = (email: string) => signIn({ username: email, password: DEMO_PASSWORD, options: USER_PASSWORD_AUTH });

/** Signs in and turns e-mail codes on (preferred or merely enabled), then signs out. */
async function withEmailCodes(email: string, preference: "PREFERRED" | "ENABLED" = "PREFERRED") {
  expect((await signInAs(email)).isSignedIn).toBe(true);
  await updateMFAPreference({ email: preference });
  await signOut();
}

/** A wrong six-digit code, whatever the right one is. */
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("e-mailed sign-in codes", () => {
  it("mails a code at sign-in that works once", async () => {
    const email = "reviewer@steward.test";
    await withEmailCodes(email);
    const challenged = await signInAs(email);
    expect(challenged).toEqual({
      isSignedIn: false,
      nextStep: { signInStep: "CONFIRM_SIGN_IN_WITH_EMAIL_CODE", codeDeliveryDetails: { deliveryMedium: "EMAIL", destination: "r***@steward.test" } },
    });
    const { code, subject } = await latestMail(t.app, email);
    expect(subject).toMatch(/sign-in code/);
    expect(await failure(confirmSignIn({ challengeResponse: other(code!) }))).toMatchObject({
      name: "CodeMismatchException",
      message: "Invalid code or auth state for the user.",
    });
    expect(await confirmSignIn({ challengeResponse: code! })).toEqual({ isSignedIn: true, nextStep: { signInStep: "DONE" } });
    expect(await fetchMFAPreference()).toEqual({ preferred: "EMAIL", enabled: ["EMAIL"] });
    await signOut();

    // Only a keyed hash is stored.
    const rows = await t.database.db.select().from(identityCodes).where(eq(identityCodes.purpose, "email_mfa"));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.codeHash).not.toContain(code);

    // The spent code does not answer the next sign-in, which mails its own.
    await signInAs(email);
    const next = await latestMail(t.app, email);
    if (next.code !== code) expect((await failure(confirmSignIn({ challengeResponse: code! }))).name).toBe("CodeMismatchException");
    expect((await confirmSignIn({ challengeResponse: next.code! })).isSignedIn).toBe(true);
  });

  it("burns the code after five wrong tries", async () => {
    const email = "approver@steward.test";
    await withEmailCodes(email);
    await signInAs(email);
    const { code } = await latestMail(t.app, email);
    for (let i = 0; i < 5; i++) expect((await failure(confirmSignIn({ challengeResponse: other(code!) }))).name).toBe("CodeMismatchException");
    // Five wrong codes also lock the user's second step...
    expect((await failure(confirmSignIn({ challengeResponse: code! }))).message).toBe("Password attempts exceeded");
    // ...and with the lockout lifted, the code itself is gone: a new sign-in is needed.
    const { sub } = await identityRow(t, email);
    await t.database.db.delete(identityAttempts).where(and(eq(identityAttempts.kind, "mfa"), eq(identityAttempts.key, `user:${sub}`)));
    expect(await failure(confirmSignIn({ challengeResponse: code! }))).toMatchObject({ name: "ExpiredCodeException" });
    await signInAs(email);
    expect((await confirmSignIn({ challengeResponse: (await latestMail(t.app, email)).code! })).isSignedIn).toBe(true);
  });
});

describe("choosing between two factors", () => {
  it("asks which one when neither is preferred, then asks for that one", async () => {
    const email = "contributor@steward.test";
    await signInAs(email);
    const { sharedSecret } = await setUpTOTP();
    await verifyTOTPSetup({ code: codeAt(sharedSecret) });
    await updateMFAPreference({ email: "ENABLED", totp: "ENABLED" });
    expect(await fetchMFAPreference()).toEqual({ preferred: undefined, enabled: ["TOTP", "EMAIL"] });
    await signOut();

    expect(await signInAs(email)).toEqual({ isSignedIn: false, nextStep: { signInStep: "CONTINUE_SIGN_IN_WITH_MFA_SELECTION", allowedMFATypes: ["TOTP", "EMAIL"] } });
    expect((await confirmSignIn({ challengeResponse: "EMAIL" })).nextStep.signInStep).toBe("CONFIRM_SIGN_IN_WITH_EMAIL_CODE");
    expect((await confirmSignIn({ challengeResponse: (await latestMail(t.app, email)).code! })).isSignedIn).toBe(true);
    await signOut();

    // A preference skips the question.
    await signInAs(email).then(() => confirmSignIn({ challengeResponse: "EMAIL" }));
    await confirmSignIn({ challengeResponse: (await latestMail(t.app, email)).code! });
    await updateMFAPreference({ totp: "PREFERRED" });
    await signOut();
    expect((await signInAs(email)).nextStep.signInStep).toBe("CONFIRM_SIGN_IN_WITH_TOTP_CODE");
  });

  it("answers SELECT_MFA_TYPE with TOTP or EMAIL in either spelling, SMS and anything else clearly refused", async () => {
    const email = "contributor@steward.test";
    await t.database.db.update(identityUsers).set({ preferredMfa: null });
    const start = async () => {
      const res = await initiateRaw(t, email);
      expect(res.body).toMatchObject({ ChallengeName: "SELECT_MFA_TYPE", ChallengeParameters: { MFAS_CAN_CHOOSE: '["SOFTWARE_TOKEN_MFA","EMAIL_OTP"]' } });
      return res.body.Session as string;
    };
    const session = await start();
    const sms = await respondRaw(t, "SELECT_MFA_TYPE", session, { USERNAME: email, ANSWER: "SMS_MFA" });
    expect(sms.body).toEqual({
      __type: "InvalidParameterException",
      message: "Text-message codes are not available with the built-in identity service; use an authenticator app or e-mail codes.",
    });
    const push = await respondRaw(t, "SELECT_MFA_TYPE", session, { USERNAME: email, ANSWER: "PUSH" });
    expect(push.body.__type).toBe("InvalidParameterException");
    expect(push.body.message).toMatch(/ANSWER must be TOTP .* or EMAIL/);
    const chosen = await respondRaw(t, "SELECT_MFA_TYPE", session, { USERNAME: email, ANSWER: "SOFTWARE_TOKEN_MFA" });
    expect(chosen.body).toMatchObject({ ChallengeName: "SOFTWARE_TOKEN_MFA" });
    expect(chosen.body.Session).not.toBe(session);
    // The choice is made once.
    expect((await respondRaw(t, "SELECT_MFA_TYPE", session, { USERNAME: email, ANSWER: "EMAIL" })).body.message).toMatch(/only be used once/);
    const email2 = await respondRaw(t, "SELECT_MFA_TYPE", await start(), { USERNAME: email, ANSWER: "EMAIL" });
    expect(email2.body).toMatchObject({ ChallengeName: "EMAIL_OTP", ChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: "EMAIL", CODE_DELIVERY_DESTINATION: "c***@steward.test" } });
  });
});
