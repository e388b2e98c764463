/**
 * User administration against the identity store, for the API's access module (design §5):
 * one interface, with the local store (admin-local.ts) and Cognito (admin-cognito.ts) behind it.
 */
export interface IdentityAdmin {
  /**
   * Creates a user who must choose a new password at first sign-in (FORCE_CHANGE_PASSWORD) and
   * e-mails the temporary password. Returns the identity `sub` the API user joins on.
   */
  createUser(input: { email: string; temporaryPassword?: string }): Promise<{ sub: string }>;
  /** Gives a user a fresh way in by e-mail: a new temporary password (or, for Cognito users past it, a reset code). */
  resetTemporaryPassword(email: string): Promise<void>;
  deleteUser(email: string): Promise<void>;
  /** Ends every session of the user: refresh tokens stop working and (locally) access tokens too. */
  globalSignOut(email: string): Promise<void>;
}

export type IdentityAdminProblem = "user_exists" | "user_not_found" | "invalid_password";

/** What the routes map to 409 / 404 / 400. */
export class IdentityAdminError extends Error {
  constructor(
    readonly problem: IdentityAdminProblem,
    message: string,
  ) {
    super(message);
  }
}
