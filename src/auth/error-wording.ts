/**
 * What a user reads when a sign-in step fails. Amplify names its errors (`error.name`); most of its messages are
 * written for developers, so those get our own words. A message from the identity provider itself (a wrong
 * password, a locked account, a provider's error description) is shown as the provider wrote it.
 *
 * The answer is either an `auth.*` i18n key or the provider's text; `wordedMessage` turns it into what is shown.
 */

/** Amplify's passkey error names (utils/passkey/errors), and one for a passkey failure it cannot name. */
export const PASSKEY_ERROR_KEYS: Readonly<Record<string, string>> = {
  PasskeyNotSupported: "auth.errors.passkeyNotSupported",
  InvalidPasskeyRegistrationOptions: "auth.errors.invalidPasskeyRegistrationOptions",
  InvalidPasskeyAuthenticationOptions: "auth.errors.invalidPasskeyAuthenticationOptions",
  PasskeyRegistrationFailed: "auth.errors.passkeyRegistrationFailed",
  PasskeyRetrievalFailed: "auth.errors.passkeyRetrievalFailed",
  PasskeyAlreadyExists: "auth.errors.passkeyAlreadyExists",
  PasskeyRegistrationCanceled: "auth.errors.passkeyRegistrationCanceled",
  PasskeyAuthenticationCanceled: "auth.errors.passkeyAuthenticationCanceled",
  PasskeyOperationAborted: "auth.errors.passkeyOperationAborted",
  RelyingPartyMismatch: "auth.errors.relyingPartyMismatch",
  PasskeyUnknownError: "auth.errors.passkeyUnknown",
};

/**
 * Amplify raises these as `SignInException`, told apart only by their message: a lost sign-in state (confirmSignIn
 * without a signIn, or after a refresh), a challenge it does not address, two passkey challenges in a row, and an
 * MFA setup with no type it can start.
 */
const SIGN_IN_EXCEPTIONS: readonly (readonly [RegExp, string])[] = [
  [/signIn was not called before confirmSignIn|invalid sign in state|session has expired/i, "auth.errors.signInStateInvalid"],
  [/Sequential WEB_AUTHN/i, "auth.errors.sequentialPasskey"],
  [/was not addressed/i, "auth.errors.unhandledChallenge"],
  [/Cannot initiate MFA setup/i, "auth.errors.mfaSetupCannotStart"],
  [/Cannot proceed with MFA setup/i, "auth.errors.mfaSetupAnswer"],
];

/** The hosted sign-in's failures (HostedSignInError.reason); "provider" shows the provider's description. */
const HOSTED_SIGN_IN_KEYS: Readonly<Record<string, string>> = {
  cancelled: "auth.errors.oauthCancelled",
  state: "auth.errors.oauthState",
  expired: "auth.errors.signInStateExpired",
  noAccessToken: "auth.errors.oauthNoAccessToken",
};

export const UNEXPECTED = "auth.errors.unexpected";

interface ErrorLike {
  name?: string;
  message?: string;
  reason?: string;
}

/** The i18n key or provider text for a failed sign-in call. `passkey` marks a failure during a passkey ceremony. */
export function errorWording(error: unknown, context?: "passkey"): string {
  const e = (error ?? {}) as ErrorLike;
  const name = e.name ?? "";
  if (name in PASSKEY_ERROR_KEYS) return PASSKEY_ERROR_KEYS[name];
  // Amplify's passkey code names what it cannot classify "Unknown".
  if (context === "passkey" && name === "Unknown") return PASSKEY_ERROR_KEYS.PasskeyUnknownError;
  if (name === "SignInException") {
    const match = SIGN_IN_EXCEPTIONS.find(([pattern]) => pattern.test(e.message ?? ""));
    return match ? match[1] : UNEXPECTED;
  }
  if (name === "OAuthSignInException" && e.reason && e.reason in HOSTED_SIGN_IN_KEYS) return HOSTED_SIGN_IN_KEYS[e.reason];
  if (name === "UnexpectedError" || name === "Unknown" || !e.message) return UNEXPECTED;
  return e.message;
}

/** What is shown: a key translated, a provider's text as it came. */
export function wordedMessage(t: (key: string) => string, message: string): string {
  return message.startsWith("auth.") ? t(message) : message;
}
