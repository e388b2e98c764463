/**
 * User administration against the identity store (local or Amazon Cognito), for the API's access module:
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
  /**
   * Makes OAuth client credentials for an API client (client_credentials grant). The secret is
   * returned once: the caller shows it and keeps at most `secretHash`. Throws `api_clients_unavailable`
   * when this identity store is not set up for machine clients.
   */
  createApiClient(name: string): Promise<NewApiClientCredentials>;
  /** Makes the credentials unusable at the identity store; an already deleted client is not an error. */
  deleteApiClient(clientId: string): Promise<void>;
  /**
   * Makes the identity store federate a company's corporate provider under `name` (created or updated). The
   * local service reads Steward's own provider table, so this is Cognito's business only.
   */
  saveIdentityProvider(provider: FederatedProviderSettings): Promise<void>;
  /** Stops federating it; an already removed provider is not an error. */
  deleteIdentityProvider(name: string): Promise<void>;
}

/** A corporate provider as the identity store federates it. */
export type FederatedProviderSettings =
  | { name: string; type: "oidc"; issuerUrl: string; clientId: string; clientSecret: string }
  | { name: string; type: "saml"; metadataUrl: string };

export interface NewApiClientCredentials {
  clientId: string;
  clientSecret: string;
  /** Local store: the keyed hash the API keeps. Cognito keeps the secret itself: null. */
  secretHash: string | null;
  /** Where the client exchanges its credentials for an access token. */
  tokenUrl: string;
}

export type IdentityAdminProblem = "user_exists" | "user_not_found" | "invalid_password" | "api_clients_unavailable";

/** What the routes map to 409 / 404 / 400 (and 503 for API clients the store cannot make). */
export class IdentityAdminError extends Error {
  constructor(
    readonly problem: IdentityAdminProblem,
    message: string,
  ) {
    super(message);
  }
}
