// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { SignInOutput } from "aws-amplify/auth";
import { forgetProgress, rememberProgress, routeForStep, STEP_SCREEN_STEPS, type NextStep } from "../../../auth/next-step";
import { initTestI18n } from "../../../test-support/i18n";
import { renderAuthPage } from "../render-auth-page";
import NextStepPage from "./NextStepPage";

const amplify = vi.hoisted(() => ({
  confirmSignIn: vi.fn<(input: { challengeResponse: string }) => Promise<SignInOutput>>(),
  confirmSignUp: vi.fn<(input: { username: string; confirmationCode: string }) => Promise<{ isSignUpComplete: boolean; nextStep: { signUpStep: string } }>>(),
  autoSignIn: vi.fn<() => Promise<SignInOutput>>(),
}));
vi.mock("aws-amplify/auth", () => ({ ...amplify, signIn: vi.fn(), signOut: vi.fn(), fetchAuthSession: vi.fn() }));

const setupUri = vi.fn((issuer: string, account?: string) => new URL(`otpauth://totp/${issuer}:${account}?secret=JBSWY3DPEHPK3PXP&issuer=${issuer}`));
/** A sample of what Amplify answers for each step this screen asks. */
const SAMPLES: Record<(typeof STEP_SCREEN_STEPS)[number], [NextStep, string]> = {
  CONFIRM_SIGN_IN_WITH_TOTP_CODE: [{ signInStep: "CONFIRM_SIGN_IN_WITH_TOTP_CODE" }, "Enter your authenticator code"],
  CONFIRM_SIGN_IN_WITH_EMAIL_CODE: [{ signInStep: "CONFIRM_SIGN_IN_WITH_EMAIL_CODE", codeDeliveryDetails: { deliveryMedium: "EMAIL", destination: "a***@acme.test" } }, "Check your email"],
  CONFIRM_SIGN_IN_WITH_SMS_CODE: [{ signInStep: "CONFIRM_SIGN_IN_WITH_SMS_CODE", codeDeliveryDetails: { deliveryMedium: "SMS", destination: "+*******1234" } }, "Check your phone"],
  CONTINUE_SIGN_IN_WITH_MFA_SELECTION: [{ signInStep: "CONTINUE_SIGN_IN_WITH_MFA_SELECTION", allowedMFATypes: ["TOTP", "EMAIL"] }, "Choose how to verify"],
  CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION: [{ signInStep: "CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION", allowedMFATypes: ["SMS", "TOTP", "EMAIL"] }, "Set up a second factor"],
  CONTINUE_SIGN_IN_WITH_TOTP_SETUP: [{ signInStep: "CONTINUE_SIGN_IN_WITH_TOTP_SETUP", totpSetupDetails: { sharedSecret: "JBSWY3DPEHPK3PXP", getSetupUri: setupUri } }, "Set up your authenticator app"],
  CONTINUE_SIGN_IN_WITH_EMAIL_SETUP: [{ signInStep: "CONTINUE_SIGN_IN_WITH_EMAIL_SETUP" }, "Set up codes by email"],
  CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION: [{ signInStep: "CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION", availableChallenges: ["PASSWORD_SRP", "WEB_AUTHN", "EMAIL_OTP"] }, "Choose how to sign in"],
  CONFIRM_SIGN_IN_WITH_PASSWORD: [{ signInStep: "CONFIRM_SIGN_IN_WITH_PASSWORD" }, "Enter your password"],
  CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE: [{ signInStep: "CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE" }, "One more step"],
  CONFIRM_SIGN_UP: [{ signInStep: "CONFIRM_SIGN_UP" }, "Confirm your account"],
};

const output = (nextStep: NextStep): SignInOutput => ({ isSignedIn: nextStep.signInStep === "DONE", nextStep });
const named = (name: string, message: string) => Object.assign(new Error(message), { name });

function openStep(step: keyof typeof SAMPLES, redirectTo?: string) {
  rememberProgress({ nextStep: SAMPLES[step][0], username: "ana@acme.test", redirectTo });
  return renderAuthPage(<NextStepPage />, { path: "/signin/next" });
}
const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole("button", { name }));
const where = async () => (await screen.findByTestId("location")).textContent;

beforeAll(initTestI18n);
beforeEach(() => {
  forgetProgress();
  for (const fn of Object.values(amplify)) fn.mockReset();
});
afterEach(cleanup);

describe("where each sign-in step leads", () => {
  it.each(STEP_SCREEN_STEPS)("%s has its own screen on /signin/next", async (step) => {
    expect(routeForStep(step)).toBe("/signin/next");
    openStep(step);
    expect(await screen.findByRole("heading", { name: SAMPLES[step][1] })).toBeTruthy();
  });

  it("sends DONE to the page asked for, else /applications; the new-password and reset steps to their pages", () => {
    expect(routeForStep("DONE", "/risk?tab=2")).toBe("/risk?tab=2");
    expect(routeForStep("DONE", "//evil.test/")).toBe("/applications");
    expect(routeForStep("DONE")).toBe("/applications");
    expect(routeForStep("CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED")).toBe("/signin-confirm");
    expect(routeForStep("RESET_PASSWORD")).toBe("/forgot-password");
    expect(routeForStep("SOMETHING_NEW")).toBeNull();
  });

  it("says the session was lost after a refresh, with a way back", async () => {
    renderAuthPage(<NextStepPage />, { path: "/signin/next" });
    expect((await screen.findByRole("alert")).textContent).toMatch(/sign-in session was lost/);
    fireEvent.click(screen.getByRole("link", { name: "Back to sign in" }));
    expect(await where()).toBe("/signin");
  });
});

describe("the one-time code screens", () => {
  it("want six digits, and send them without the spaces a user types", async () => {
    openStep("CONFIRM_SIGN_IN_WITH_TOTP_CODE", "/risk");
    type("6-digit code", "12345");
    press("Verify");
    expect(await screen.findByText("Enter the 6-digit code.")).toBeTruthy();
    expect(amplify.confirmSignIn).not.toHaveBeenCalled();
    amplify.confirmSignIn.mockResolvedValue(output({ signInStep: "DONE" }));
    type("6-digit code", "123 456");
    press("Verify");
    expect(await where()).toBe("/risk");
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: "123456" });
  });

  it("say where the code went, and show the provider's message for a wrong one", async () => {
    openStep("CONFIRM_SIGN_IN_WITH_EMAIL_CODE");
    expect(screen.getByText(/a\*\*\*@acme\.test/)).toBeTruthy();
    amplify.confirmSignIn.mockRejectedValue(named("CodeMismatchException", "Invalid code received for user"));
    type("6-digit code", "000000");
    press("Verify");
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid code received for user");
  });

  it("send a user whose sign-in state is gone back to the start", async () => {
    openStep("CONFIRM_SIGN_IN_WITH_SMS_CODE");
    amplify.confirmSignIn.mockRejectedValue(named("SignInException", "An error occurred during the sign in process.\n1. signIn was not called before confirmSignIn."));
    type("6-digit code", "111111");
    press("Verify");
    expect((await screen.findByRole("alert")).textContent).toMatch(/sign-in session was lost/);
    expect(screen.getByRole("heading", { name: "Sign-in session lost" })).toBeTruthy();
  });
});

describe("choosing and setting up a second factor", () => {
  it("asks which factor to use, checks the answer, then asks for that factor's code", async () => {
    openStep("CONTINUE_SIGN_IN_WITH_MFA_SELECTION");
    press("Continue");
    expect(await screen.findByText("Choose TOTP, SMS or EMAIL.")).toBeTruthy();
    amplify.confirmSignIn.mockResolvedValue(output({ signInStep: "CONFIRM_SIGN_IN_WITH_EMAIL_CODE", codeDeliveryDetails: { destination: "a***@acme.test" } }));
    fireEvent.click(screen.getByLabelText("Code by email"));
    press("Continue");
    expect(await screen.findByRole("heading", { name: "Check your email" })).toBeTruthy();
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: "EMAIL" });
  });

  it("offers to set up only the authenticator app and e-mail codes", () => {
    openStep("CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION");
    expect(screen.getAllByRole("radio").map((r) => (r as HTMLInputElement).value)).toEqual(["TOTP", "EMAIL"]);
  });

  it("shows the authenticator QR code and key for Steward and the user, then checks the code", async () => {
    openStep("CONTINUE_SIGN_IN_WITH_TOTP_SETUP");
    expect(setupUri).toHaveBeenCalledWith("Steward", "ana@acme.test");
    expect((screen.getByLabelText("Setup key") as HTMLInputElement).value).toBe("JBSWY3DPEHPK3PXP");
    const qr = (await screen.findByAltText("QR code for your authenticator app")) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/png;base64,/);
    press("Verify and continue");
    expect(await screen.findByText("Enter the 6-digit code.")).toBeTruthy();
  });

  it("wants an e-mail address for e-mail codes", async () => {
    openStep("CONTINUE_SIGN_IN_WITH_EMAIL_SETUP");
    type("Email address", "ana");
    press("Send code");
    expect(await screen.findByText("Enter a valid email address.")).toBeTruthy();
    amplify.confirmSignIn.mockResolvedValue(output({ signInStep: "CONFIRM_SIGN_IN_WITH_EMAIL_CODE" }));
    type("Email address", " ana@acme.test ");
    press("Send code");
    await waitFor(() => expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: "ana@acme.test" }));
  });

  it("words a setup that cannot start", async () => {
    openStep("CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION");
    amplify.confirmSignIn.mockRejectedValue(named("SignInException", "Cannot initiate MFA setup from available types: SMS"));
    fireEvent.click(screen.getByLabelText("Authenticator app"));
    press("Continue");
    expect((await screen.findByRole("alert")).textContent).toBe("Multi-factor authentication cannot be set up: no method is available for your account.");
  });
});

describe("first factor, password and custom challenge", () => {
  it("offers the account's ways to sign in and words a cancelled passkey", async () => {
    openStep("CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION");
    expect(screen.getAllByRole("radio").map((r) => (r as HTMLInputElement).value)).toEqual(["PASSWORD_SRP", "WEB_AUTHN", "EMAIL_OTP"]);
    amplify.confirmSignIn.mockRejectedValue(named("PasskeyAuthenticationCanceled", "Passkey authentication ceremony has been canceled."));
    fireEvent.click(screen.getByLabelText("Passkey"));
    press("Continue");
    expect((await screen.findByRole("alert")).textContent).toBe("Passkey sign-in was cancelled.");
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: "WEB_AUTHN" });
  });

  it("requires the password and an answer to a custom challenge", async () => {
    openStep("CONFIRM_SIGN_IN_WITH_PASSWORD");
    press("Sign In");
    expect(await screen.findByText("Please enter your password.")).toBeTruthy();
    cleanup();
    openStep("CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE");
    press("Continue");
    expect(await screen.findByText("Enter an answer.")).toBeTruthy();
    expect(amplify.confirmSignIn).not.toHaveBeenCalled();
  });

  it("answers an unhandled next step with the unexpected error", async () => {
    openStep("CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE");
    amplify.confirmSignIn.mockResolvedValue(output({ signInStep: "SOMETHING_NEW" } as unknown as NextStep));
    type("Answer", "42");
    press("Continue");
    expect((await screen.findByRole("alert")).textContent).toBe("Unexpected error please contact us!");
  });
});

describe("confirming an unconfirmed account", () => {
  it("confirms with the code and continues the sign-in when the service offers it", async () => {
    openStep("CONFIRM_SIGN_UP", "/risk");
    amplify.confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: "COMPLETE_AUTO_SIGN_IN" } });
    amplify.autoSignIn.mockResolvedValue(output({ signInStep: "DONE" }));
    type("Confirmation code", "654321");
    press("Confirm");
    expect(await where()).toBe("/risk");
    expect(amplify.confirmSignUp).toHaveBeenCalledWith({ username: "ana@acme.test", confirmationCode: "654321" });
  });

  it("otherwise sends the user back to sign in, saying the account is confirmed", async () => {
    openStep("CONFIRM_SIGN_UP");
    amplify.confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: "DONE" } });
    type("Confirmation code", "654321");
    press("Confirm");
    expect(await where()).toBe("/signin?confirmed=1");
    expect(amplify.autoSignIn).not.toHaveBeenCalled();
  });
});
