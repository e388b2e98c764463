import { CognitoError } from "./errors";
import { getTokensFromRefreshToken, initiateAuth, respondToAuthChallenge } from "./operations/auth";
import { associateSoftwareToken, setUserMFAPreference, verifySoftwareToken } from "./operations/mfa";
import { changePassword, confirmForgotPassword, forgotPassword } from "./operations/password";
import { getUser, globalSignOut, revokeToken } from "./operations/session";
import { confirmSignUp, resendConfirmationCode } from "./operations/sign-up";
import {
  completeWebAuthnRegistration,
  deleteWebAuthnCredential,
  listWebAuthnCredentials,
  startWebAuthnRegistration,
} from "./operations/webauthn";
import type { Operation, OperationContext } from "./pool";

/** The user-pool operations Amplify v6 calls in our flows (sign-in, password change and reset, refresh, sign-out, passkeys). Anything else is a 400, never a 5xx Amplify would retry. */
const OPERATIONS: Record<string, Operation> = {
  InitiateAuth: initiateAuth,
  RespondToAuthChallenge: respondToAuthChallenge,
  GetTokensFromRefreshToken: getTokensFromRefreshToken,
  ForgotPassword: forgotPassword,
  ConfirmForgotPassword: confirmForgotPassword,
  ChangePassword: changePassword,
  GetUser: getUser,
  GlobalSignOut: globalSignOut,
  RevokeToken: revokeToken,
  AssociateSoftwareToken: associateSoftwareToken,
  VerifySoftwareToken: verifySoftwareToken,
  SetUserMFAPreference: setUserMFAPreference,
  ConfirmSignUp: confirmSignUp,
  ResendConfirmationCode: resendConfirmationCode,
  StartWebAuthnRegistration: startWebAuthnRegistration,
  CompleteWebAuthnRegistration: completeWebAuthnRegistration,
  ListWebAuthnCredentials: listWebAuthnCredentials,
  DeleteWebAuthnCredential: deleteWebAuthnCredential,
};

const TARGET_PREFIX = "AWSCognitoIdentityProviderService.";

/** The operation named by `X-Amz-Target`, as the AWS JSON 1.1 protocol routes a POST. */
export function operationName(target: string | string[] | undefined): string {
  const value = Array.isArray(target) ? target[0] : target;
  if (!value) throw new CognitoError("UnknownOperationException", "The X-Amz-Target header is missing.");
  const name = value.startsWith(TARGET_PREFIX) ? value.slice(TARGET_PREFIX.length) : "";
  if (!Object.hasOwn(OPERATIONS, name)) throw new CognitoError("UnknownOperationException", "This operation is not supported.");
  return name;
}

export async function dispatch(name: string, body: unknown, ctx: OperationContext): Promise<object> {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new CognitoError("SerializationException", "The request body must be a JSON object.");
  }
  return OPERATIONS[name](body as Record<string, unknown>, ctx);
}
