import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  associateWebAuthnCredential,
  confirmSignIn,
  fetchAuthSession,
  getCurrentUser,
  listWebAuthnCredentials,
  signIn,
  signOut,
} from "aws-amplify/auth";
import { createTestApp, type TestApp } from "../support/test-app";
import { installBrowserWebAuthn, SoftwareAuthenticator } from "../support/software-authenticator";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { configureAmplify, currentUser } from "./identity-support";

/**
 * Amplify's own passkey code end to end: registration from Settings (associateWebAuthnCredential) and sign-in
 * through USER_AUTH, with the browser's WebAuthn API played by a software authenticator. In a file of its own,
 * because it gives Node the browser globals Amplify looks for.
 */
let t: TestApp;
let authenticator: SoftwareAuthenticator;
const user = "approver@steward.test";

beforeAll(async () => {
  t = await createTestApp();
  authenticator = new SoftwareAuthenticator(t.config.publicUrl);
  await configureAmplify(t.app);
  installBrowserWebAuthn(() => authenticator);
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await signOut().catch(() => {});
});

describe("passkeys through the real Amplify client", () => {
  it("registers a passkey from Settings, and refuses the same authenticator twice", async () => {
    await signIn({ username: user, password: DEMO_PASSWORD, options: { authFlowType: "USER_PASSWORD_AUTH" } });
    await associateWebAuthnCredential();
    const { credentials } = await listWebAuthnCredentials();
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ credentialId: authenticator.credentials[0].id.toString("base64url"), friendlyCredentialName: "Passkey" });

    const again = await associateWebAuthnCredential().catch((e) => e);
    expect(again.name).toBe("PasskeyAlreadyExists");
    expect((await listWebAuthnCredentials()).credentials).toHaveLength(1);
  });

  it("signs in with the passkey when it is the preferred challenge", async () => {
    const result = await signIn({ username: user, options: { authFlowType: "USER_AUTH", preferredChallenge: "WEB_AUTHN" } });
    expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: "DONE" } });
    expect((await getCurrentUser()).username).toBe(user);
    const { tokens } = await fetchAuthSession();
    const me = await currentUser(t.app, tokens!.accessToken.toString());
    expect(me.json().email).toBe(user);
  });

  it("offers the passkey among the first factors, and signs in once it is chosen", async () => {
    const choice = await signIn({ username: user, options: { authFlowType: "USER_AUTH" } });
    expect(choice).toEqual({
      isSignedIn: false,
      nextStep: { signInStep: "CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION", availableChallenges: ["PASSWORD", "WEB_AUTHN"] },
    });
    expect(await confirmSignIn({ challengeResponse: "WEB_AUTHN" })).toEqual({ isSignedIn: true, nextStep: { signInStep: "DONE" } });
  });

  it("refuses a passkey ceremony run on another origin", async () => {
    const phishing = new SoftwareAuthenticator("https://steward.evil.test");
    phishing.credentials.push(...authenticator.credentials);
    const genuine = authenticator;
    authenticator = phishing;
    try {
      const error = await signIn({ username: user, options: { authFlowType: "USER_AUTH", preferredChallenge: "WEB_AUTHN" } }).catch((e) => e);
      expect({ name: error.name, message: error.message }).toEqual({ name: "NotAuthorizedException", message: "The passkey could not be verified." });
    } finally {
      authenticator = genuine;
    }
  });
});
