// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { Amplify } from "aws-amplify";
import type { SignInInput, SignInOutput } from "aws-amplify/auth";
import { currentProgress, forgetProgress } from "../../auth/next-step";
import { clearSession } from "../../providers/auth-provider";
import { initTestI18n } from "../../test-support/i18n";
import { renderAuthPage } from "./render-auth-page";
import SignInPage from "./SignInPage";

const amplify = vi.hoisted(() => ({
  signIn: vi.fn<(input: SignInInput) => Promise<SignInOutput>>(),
  signOut: vi.fn<(input?: { global?: boolean }) => Promise<void>>(),
}));
vi.mock("aws-amplify/auth", () => ({ ...amplify, confirmSignIn: vi.fn(), confirmSignUp: vi.fn(), autoSignIn: vi.fn(), fetchAuthSession: vi.fn() }));

const done: SignInOutput = { isSignedIn: true, nextStep: { signInStep: "DONE" } };
const named = (name: string, message: string) => Object.assign(new Error(message), { name });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole("button", { name }));
const where = async () => (await screen.findByTestId("location")).textContent;
const open = (path = "/signin") => renderAuthPage(<SignInPage />, { path });

beforeAll(async () => {
  await initTestI18n();
  Amplify.configure({ Auth: { Cognito: { userPoolId: "eu-west-1_pages", userPoolClientId: "client-1" } } });
});
beforeEach(() => {
  localStorage.clear();
  forgetProgress();
  amplify.signIn.mockReset();
  amplify.signOut.mockReset().mockResolvedValue();
  // The identity service's captcha question: not needed.
  vi.stubGlobal("fetch", async () => Response.json({ required: false }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("/signin", () => {
  it("links to the corporate sign-in", async () => {
    open();
    fireEvent.click(screen.getByRole("link", { name: "Sign In with Corporate ID" }));
    expect(await where()).toBe("/sso");
  });

  it("signs in with a passkey using only the username", async () => {
    open("/signin?to=/risk");
    press("Sign in with a passkey");
    expect(await screen.findByText("Enter your username or email to sign in with a passkey.")).toBeTruthy();
    expect(amplify.signIn).not.toHaveBeenCalled();
    amplify.signIn.mockResolvedValue(done);
    type("Username or email", " ana@acme.test ");
    press("Sign in with a passkey");
    expect(await where()).toBe("/risk");
    expect(amplify.signIn).toHaveBeenCalledWith({ username: "ana@acme.test", options: { authFlowType: "USER_AUTH", preferredChallenge: "WEB_AUTHN" } });
  });

  it("words a passkey failure", async () => {
    open();
    amplify.signIn.mockRejectedValue(named("PasskeyNotSupported", "Passkeys may not be supported on this device."));
    type("Username or email", "ana@acme.test");
    press("Sign in with a passkey");
    expect((await screen.findByRole("alert")).textContent).toBe("Passkeys are not supported on this device or browser.");
  });

  it("leads a second factor to the step screen, keeping the step", async () => {
    open();
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: "CONFIRM_SIGN_IN_WITH_TOTP_CODE" } });
    type("Username or email", "ana");
    type("Password", "secret");
    press("Sign In");
    expect(await where()).toBe("/signin/next");
    expect(currentProgress()).toMatchObject({ username: "ana", nextStep: { signInStep: "CONFIRM_SIGN_IN_WITH_TOTP_CODE" } });
  });

  it("shows the provider's message as written, and the unexpected error for a step it cannot handle", async () => {
    open();
    amplify.signIn.mockRejectedValueOnce(named("NotAuthorizedException", "Incorrect username or password."));
    type("Username or email", "ana");
    type("Password", "wrong");
    press("Sign In");
    expect((await screen.findByRole("alert")).textContent).toBe("Incorrect username or password.");
    amplify.signIn.mockResolvedValueOnce({ isSignedIn: false, nextStep: { signInStep: "SOMETHING_NEW" } } as unknown as SignInOutput);
    press("Sign In");
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Unexpected error please contact us!"));
  });

  it("forgets a device the service no longer knows and signs in again once", async () => {
    localStorage.setItem("CognitoIdentityServiceProvider.client-1.ana.deviceKey", "d1");
    localStorage.setItem("CognitoIdentityServiceProvider.client-1.ana.deviceGroupKey", "g1");
    localStorage.setItem("CognitoIdentityServiceProvider.client-1.ana.randomPasswordKey", "p1");
    open();
    amplify.signIn.mockRejectedValueOnce(named("ResourceNotFoundException", "Device does not exist.")).mockResolvedValueOnce(done);
    type("Username or email", "ana");
    type("Password", "secret");
    press("Sign In");
    expect(await where()).toBe("/applications");
    expect(amplify.signIn).toHaveBeenCalledTimes(2);
    expect(Object.keys(localStorage).filter((k) => k.includes(".ana."))).toEqual([]);
  });

  it("says an account was confirmed when sent back after confirming", () => {
    open("/signin?confirmed=1");
    expect(screen.getByText("Your account is confirmed. Sign in to continue.")).toBeTruthy();
  });
});

describe("sign-out", () => {
  it("ends a federated session at the provider too", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    localStorage.setItem("steward.federatedLogout", "https://auth.example.test/logout?client_id=client-1&logout_uri=http%3A%2F%2Flocalhost%3A3000%2Fsignin");
    await clearSession();
    expect(amplify.signOut).toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith("https://auth.example.test/logout?client_id=client-1&logout_uri=http%3A%2F%2Flocalhost%3A3000%2Fsignin");
    expect(localStorage.length).toBe(0);
  });

  it("stays in the app for a password session", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    await clearSession();
    expect(assign).not.toHaveBeenCalled();
  });
});
