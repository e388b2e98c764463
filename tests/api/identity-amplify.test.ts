import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  confirmResetPassword,
  confirmSignIn,
  fetchAuthSession,
  fetchUserAttributes,
  getCurrentUser,
  resetPassword,
  signIn,
  signOut,
  updatePassword,
} from "aws-amplify/auth";
import { decodeProtectedHeader } from "jose";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { companies, identityCodes, users } from "../../server/db/schema";
import { LOCAL_CLIENT_ID } from "../../server/identity/settings";
import { claims, configureAmplify, currentUser, latestMail, protocol, signInRaw, type MapStorage } from "./identity-support";

/** Every flow the browser uses, driven by the real aws-amplify v6 client against the local service. */
let t: TestApp;
let storage: MapStorage;
const USER_PASSWORD_AUTH = { authFlowType: "USER_PASSWORD_AUTH" } as const;
const NEW_PASSWORD = "Fresh-Password-2026x";

beforeAll(async () => {
  t = await createTestApp();
  ({ storage } = await configureAmplify(t.app));
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await signOut().catch(() => {});
});

async function accessToken() {
  const { tokens } = await fetchAuthSession();
  return tokens!.accessToken.toString();
}

describe("sign-in with USER_PASSWORD_AUTH", () => {
  it("signs a demo user in and the access token works on /v2", async () => {
    const result = await signIn({ username: "admin@steward.test", password: DEMO_PASSWORD, options: USER_PASSWORD_AUTH });
    expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: "DONE" } });

    const token = await accessToken();
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: "RS256", kid: t.app.identity.local!.key.kid });
    const c = claims(token);
    expect(c).toMatchObject({ token_use: "access", client_id: LOCAL_CLIENT_ID, username: "admin@steward.test", iss: t.app.identity.issuer });
    expect(c.scope).toBe("aws.cognito.signin.user.admin");
    expect(Number(c.exp) - Number(c.iat)).toBe(3600);
    for (const claim of ["sub", "origin_jti", "jti", "auth_time"]) expect(c[claim]).toBeDefined();

    const { tokens } = await fetchAuthSession();
    expect(tokens!.idToken!.payload).toMatchObject({ token_use: "id", aud: LOCAL_CLIENT_ID, email: "admin@steward.test", "cognito:username": "admin@steward.test" });
    expect(await getCurrentUser()).toMatchObject({ username: "admin@steward.test", userId: c.sub });
    expect(await fetchUserAttributes()).toMatchObject({ email: "admin@steward.test", sub: c.sub });

    const me = await currentUser(t.app, token);
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe("admin@steward.test");
  });

  it("accepts the username in any case", async () => {
    const result = await signIn({ username: "Reviewer@Steward.TEST", password: DEMO_PASSWORD, options: USER_PASSWORD_AUTH });
    expect(result.isSignedIn).toBe(true);
  });

  it("refuses a wrong password and an unknown user with the same error", async () => {
    const wrong = await signIn({ username: "approver@steward.test", password: "not-the-password", options: USER_PASSWORD_AUTH }).catch((e) => e);
    const unknown = await signIn({ username: "nobody@steward.test", password: "not-the-password", options: USER_PASSWORD_AUTH }).catch((e) => e);
    for (const error of [wrong, unknown]) {
      expect(error.name).toBe("NotAuthorizedException");
      expect(error.message).toBe("Incorrect username or password.");
    }
  });
});

describe("first sign-in with a temporary password", () => {
  it("asks for a new password, enforces the policy, then signs in", async () => {
    const email = "newcomer@steward.test";
    const temporaryPassword = "Temporary-Pass-123";
    const { sub } = await t.app.identity.admin.createUser({ email, temporaryPassword });
    const [company] = await t.database.db.select().from(companies);
    await t.database.db.insert(users).values({ companyId: company.id, sub, email, firstName: "New", lastName: "Comer" });
    expect((await latestMail(t.app, email)).text).toContain(temporaryPassword);

    const first = await signIn({ username: email, password: temporaryPassword, options: USER_PASSWORD_AUTH });
    expect(first).toEqual({ isSignedIn: false, nextStep: { signInStep: "CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED", missingAttributes: [] } });

    const weak = await confirmSignIn({ challengeResponse: "short1A" }).catch((e) => e);
    expect(weak.name).toBe("InvalidPasswordException");
    expect(weak.message).toBe("Password must be at least 15 characters and contain an uppercase letter, lowercase letter, and number");

    const done = await confirmSignIn({ challengeResponse: NEW_PASSWORD });
    expect(done).toEqual({ isSignedIn: true, nextStep: { signInStep: "DONE" } });
    expect((await currentUser(t.app, await accessToken())).json().email).toBe(email);
    await signOut();

    // The temporary password is gone; the new one works without a challenge.
    await expect(signIn({ username: email, password: temporaryPassword, options: USER_PASSWORD_AUTH })).rejects.toMatchObject({ name: "NotAuthorizedException" });
    expect((await signIn({ username: email, password: NEW_PASSWORD, options: USER_PASSWORD_AUTH })).isSignedIn).toBe(true);
  });
});

describe("token refresh", () => {
  it("gets new tokens for the same session with GetTokensFromRefreshToken", async () => {
    await signIn({ username: "reviewer@steward.test", password: DEMO_PASSWORD, options: USER_PASSWORD_AUTH });
    const before = await accessToken();
    const { tokens } = await fetchAuthSession({ forceRefresh: true });
    const after = tokens!.accessToken.toString();
    expect(after).not.toBe(before);
    expect(claims(after).origin_jti).toBe(claims(before).origin_jti);
    expect(claims(after).jti).not.toBe(claims(before).jti);
    expect((await currentUser(t.app, after)).statusCode).toBe(200);
  });
});

describe("password reset by e-mailed code", () => {
  const email = "approver@steward.test";
  const resetTo = "Reset-Password-2026z";

  it("sends a code to the outbox, refuses a wrong one and sets the new password with the right one", async () => {
    const started = await resetPassword({ username: email });
    expect(started.nextStep).toMatchObject({
      resetPasswordStep: "CONFIRM_RESET_PASSWORD_WITH_CODE",
      codeDeliveryDetails: { deliveryMedium: "EMAIL", destination: "a***@steward.test", attributeName: "email" },
    });
    const { code, subject } = await latestMail(t.app, email);
    expect(subject).toMatch(/reset code/i);
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = code === "000000" ? "111111" : "000000";
    await expect(confirmResetPassword({ username: email, confirmationCode: wrongCode, newPassword: resetTo })).rejects.toMatchObject({
      name: "CodeMismatchException",
    });
    await expect(confirmResetPassword({ username: email, confirmationCode: code!, newPassword: "weak" })).rejects.toMatchObject({
      name: "InvalidPasswordException",
    });
    await confirmResetPassword({ username: email, confirmationCode: code!, newPassword: resetTo });
    // Single use.
    await expect(confirmResetPassword({ username: email, confirmationCode: code!, newPassword: resetTo })).rejects.toMatchObject({
      name: "CodeMismatchException",
    });

    await expect(signIn({ username: email, password: DEMO_PASSWORD, options: USER_PASSWORD_AUTH })).rejects.toMatchObject({ name: "NotAuthorizedException" });
    expect((await signIn({ username: email, password: resetTo, options: USER_PASSWORD_AUTH })).isSignedIn).toBe(true);
  });

  it("answers an expired code with ExpiredCodeException", async () => {
    await resetPassword({ username: "noroles@steward.test" });
    const { code } = await latestMail(t.app, "noroles@steward.test");
    await t.database.db.update(identityCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    await expect(
      confirmResetPassword({ username: "noroles@steward.test", confirmationCode: code!, newPassword: resetTo }),
    ).rejects.toMatchObject({ name: "ExpiredCodeException" });
  });

  it("answers an unknown address exactly like a known one", async () => {
    const known = await resetPassword({ username: "contributor@steward.test" });
    const unknown = await resetPassword({ username: "cnobody@steward.test" });
    expect(unknown).toEqual(known);
    const outbox = (await t.app.inject({ method: "GET", url: "/dev/outbox" })).json() as Array<{ to: string }>;
    expect(outbox.some((m) => m.to === "cnobody@steward.test")).toBe(false);
  });
});

describe("changing the password while signed in", () => {
  it("needs the current password and then takes the new one", async () => {
    const email = "contributor@steward.test";
    const next = "Changed-Password-2026q";
    await signIn({ username: email, password: DEMO_PASSWORD, options: USER_PASSWORD_AUTH });
    await expect(updatePassword({ oldPassword: "wrong-password-here", newPassword: next })).rejects.toMatchObject({ name: "NotAuthorizedException" });
    await expect(updatePassword({ oldPassword: DEMO_PASSWORD, newPassword: "tooweak" })).rejects.toMatchObject({ name: "InvalidPasswordException" });
    await updatePassword({ oldPassword: DEMO_PASSWORD, newPassword: next });
    await signOut();
    expect((await signIn({ username: email, password: next, options: USER_PASSWORD_AUTH })).isSignedIn).toBe(true);
  });
});

describe("signing out", () => {
  async function refreshRaw(refreshToken: string) {
    return protocol(t.app, "GetTokensFromRefreshToken", { ClientId: LOCAL_CLIENT_ID, RefreshToken: refreshToken });
  }

  it("signOut() revokes the session: its refresh token and access token stop working", async () => {
    await signIn({ username: "admin@steward.test", password: DEMO_PASSWORD, options: USER_PASSWORD_AUTH });
    const token = await accessToken();
    const refreshToken = storage.refreshToken()!;
    expect((await refreshRaw(refreshToken)).status).toBe(200);

    await signOut();
    const refused = await refreshRaw(refreshToken);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ __type: "NotAuthorizedException", message: "Refresh Token has been revoked" });
    const me = await currentUser(t.app, token);
    expect(me.statusCode).toBe(401);
    expect(me.headers["www-authenticate"]).toContain("Bearer");
    expect((await fetchAuthSession()).tokens).toBeUndefined();
  });

  it("signOut({ global: true }) ends every session of the user", async () => {
    const other = await signInRaw(t.app, "admin@steward.test", DEMO_PASSWORD);
    await signIn({ username: "admin@steward.test", password: DEMO_PASSWORD, options: USER_PASSWORD_AUTH });
    const token = await accessToken();
    const refreshToken = storage.refreshToken()!;
    expect((await currentUser(t.app, other.AccessToken)).statusCode).toBe(200);

    await signOut({ global: true });
    for (const rt of [refreshToken, other.RefreshToken]) expect((await refreshRaw(rt)).body.__type).toBe("NotAuthorizedException");
    for (const at of [token, other.AccessToken]) expect((await currentUser(t.app, at)).statusCode).toBe(401);
    // A new sign-in is unaffected.
    expect((await currentUser(t.app, (await signInRaw(t.app, "admin@steward.test", DEMO_PASSWORD)).AccessToken)).statusCode).toBe(200);
  });

  it("a refresh with a revoked token leaves Amplify signed out", async () => {
    await signIn({ username: "reviewer@steward.test", password: DEMO_PASSWORD, options: USER_PASSWORD_AUTH });
    const reviewer = await t.database.db.select().from(users).where(eq(users.email, "reviewer@steward.test"));
    await t.app.identity.admin.globalSignOut(reviewer[0].email);
    expect((await fetchAuthSession({ forceRefresh: true })).tokens).toBeUndefined();
  });
});
