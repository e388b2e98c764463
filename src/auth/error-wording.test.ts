import { describe, expect, it } from "vitest";
import en from "../../locales/en/auth.json";
import es from "../../locales/es/auth.json";
import { errorWording, PASSKEY_ERROR_KEYS } from "./error-wording";
import { HostedSignInError } from "./hosted-ui";

const named = (name: string, message = "") => Object.assign(new Error(message), { name });
const text = (strings: unknown, key: string) => key.split(".").slice(1).reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings);

/** Every failure a user can meet while signing in, as Amplify (or our hosted sign-in client) raises it. */
const cases: [string, unknown, "passkey"?][] = [
  ...Object.keys(PASSKEY_ERROR_KEYS).map((name) => [name, named(name, "Amplify's developer text")] as [string, unknown]),
  ["Amplify's unnamed passkey failure", named("Unknown", "An unknown error has occurred."), "passkey"],
  ["confirmSignIn without a sign-in (refresh)", named("SignInException", "\n\t\t\tAn error occurred during the sign in process.\n\n\t\t\tThis most likely occurred due to:\n\t\t\t1. signIn was not called before confirmSignIn.")],
  ["passkey answer with a lost state", named("SignInException", "Unable to proceed due to invalid sign in state.")],
  ["a challenge Amplify does not address", named("SignInException", "An error occurred during the sign in process. CUSTOM_X challengeName returned by the underlying service was not addressed.")],
  ["two passkey challenges in a row", named("SignInException", "Sequential WEB_AUTHN challenges returned from underlying service cannot be handled.")],
  ["MFA setup with nothing to set up", named("SignInException", "Cannot initiate MFA setup from available types: SMS")],
  ["a refused MFA setup answer", named("SignInException", "Cannot proceed with MFA setup using challengeResponse: x")],
  ["hosted sign-in cancelled", new HostedSignInError("cancelled", "User cancelled OAuth flow.")],
  ["hosted sign-in state mismatch", new HostedSignInError("state", "x")],
  ["hosted sign-in state expired", new HostedSignInError("expired", "x")],
  ["no access token", new HostedSignInError("noAccessToken", "x")],
  ["an unexpected next step", named("UnexpectedError", "auth.errors.unexpected")],
];

describe("sign-in error wording", () => {
  it.each(cases)("words %s in English and Spanish", (_, error, context) => {
    const key = errorWording(error, context);
    expect(key).toMatch(/^auth\.errors\./);
    expect(text(en, key), `${key} in en`).toEqual(expect.any(String));
    expect(text(es, key), `${key} in es`).toEqual(expect.any(String));
    expect(text(es, key)).not.toBe(text(en, key));
  });

  it("gives each passkey failure its own words", () => {
    const keys = Object.keys(PASSKEY_ERROR_KEYS).map((name) => errorWording(named(name)));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("shows the provider's own message as it wrote it", () => {
    expect(errorWording(named("NotAuthorizedException", "Incorrect username or password."))).toBe("Incorrect username or password.");
    expect(errorWording(named("UserNotFoundException", "User does not exist."))).toBe("User does not exist.");
    expect(errorWording(new HostedSignInError("provider", "User is not assigned to the application."))).toBe("User is not assigned to the application.");
  });

  it("falls back to the unexpected-error text when there is nothing to show", () => {
    expect(errorWording(named("SignInException", "something new"))).toBe("auth.errors.unexpected");
    expect(errorWording(named("Unknown", "An unknown error has occurred."))).toBe("auth.errors.unexpected");
    expect(errorWording(undefined)).toBe("auth.errors.unexpected");
  });
});
