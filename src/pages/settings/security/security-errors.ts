import type { TFunction } from "i18next";

/** Amplify's passkey error names (PasskeyErrorCode) worded for the user; anything else is a plain failure. */
const PASSKEY_ERRORS: Record<string, string> = {
  PasskeyNotSupported: "security.passkeys.errors.notSupported",
  PasskeyAlreadyExists: "security.passkeys.errors.alreadyExists",
  PasskeyRegistrationCanceled: "security.passkeys.errors.canceled",
  PasskeyOperationAborted: "security.passkeys.errors.aborted",
  RelyingPartyMismatch: "security.passkeys.errors.relyingParty",
  InvalidPasskeyRegistrationOptions: "security.passkeys.errors.invalidOptions",
  PasskeyRegistrationFailed: "security.passkeys.errors.failed",
  LimitExceededException: "security.errors.tooMany",
  TooManyRequestsException: "security.errors.tooMany",
};

export function passkeyErrorText(t: TFunction, error: unknown): string {
  const key = PASSKEY_ERRORS[(error as Error | undefined)?.name ?? ""];
  return t(key ?? "security.passkeys.errors.unknown");
}

/**
 * A failed MFA change: a wrong code and throttling in our words; a refusal the identity service explains
 * (the company policy needs a second factor, SMS is not offered) in its own message; else a generic failure.
 */
export function mfaErrorText(t: TFunction, error: unknown): string {
  const { name, message } = (error ?? {}) as Partial<Error>;
  switch (name) {
    case "CodeMismatchException":
    case "EnableSoftwareTokenMFAException":
      return t("security.errors.wrongCode");
    case "LimitExceededException":
    case "TooManyRequestsException":
      return t("security.errors.tooMany");
    case "InvalidParameterException":
    case "NotAuthorizedException":
    case "InvalidUserPoolConfigurationException":
      return message ? message : t("security.errors.failed");
    default:
      return t("security.errors.failed");
  }
}
