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
