/** An error in the Cognito JSON protocol: HTTP 400 (or `status`) with `{ __type, message }`; Amplify uses `__type` as the error name. */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = type;
  }
}

/** One message for a wrong password and an unknown user, so sign-in reveals no accounts. */
export const notAuthorized = (message = "Incorrect username or password.") => new CognitoError("NotAuthorizedException", message);
export const invalidParameter = (message: string) => new CognitoError("InvalidParameterException", message);
export const captchaRequired = () => new CognitoError("CaptchaRequiredException", "Please complete the captcha to continue.");
export const invalidPassword = () =>
  new CognitoError(
    "InvalidPasswordException",
    "Password must be at least 15 characters and contain an uppercase letter, lowercase letter, and number",
  );
export const codeMismatch = () => new CognitoError("CodeMismatchException", "Invalid verification code provided, please try again.");
export const expiredCode = () => new CognitoError("ExpiredCodeException", "Invalid code provided, please request a code again.");

/** Cognito's answers during the second sign-in step. */
export const sessionExpired = () => notAuthorized("Invalid session for the user, session is expired.");
export const sessionSpent = () => notAuthorized("Invalid session for the user, session can only be used once.");
/** Cognito's lockout text: the same whether the password or the second-factor codes were wrong too often. */
export const attemptsExceeded = () => notAuthorized("Password attempts exceeded");
export const totpMismatch = () => new CognitoError("CodeMismatchException", "Invalid code received for user");
export const emailCodeMismatch = () => new CognitoError("CodeMismatchException", "Invalid code or auth state for the user.");
export const enableTotpMismatch = () => new CognitoError("EnableSoftwareTokenMFAException", "Code mismatch");
export const smsUnavailable = () =>
  invalidParameter("Text-message codes are not available with the built-in identity service; use an authenticator app or e-mail codes.");
export const userNotConfirmed = () => new CognitoError("UserNotConfirmedException", "User is not confirmed.");
