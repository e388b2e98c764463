import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  CreateIdentityProviderCommand,
  CreateUserPoolClientCommand,
  DeleteIdentityProviderCommand,
  DeleteUserPoolClientCommand,
  DescribeUserPoolClientCommand,
  UpdateIdentityProviderCommand,
  UpdateUserPoolClientCommand,
  type UpdateUserPoolClientCommandInput,
  type UserPoolClientType,
} from "@aws-sdk/client-cognito-identity-provider";
import { callService } from "../aws/unavailable";
import { IdentityAdminError, type FederatedProviderSettings, type IdentityAdmin } from "./admin";
import { cognitoClient } from "./cognito-client";
import type { Config } from "../config";

/** The SDK client's one method we use: tests stub it to check the commands without a network. */
export type CognitoSender = Pick<CognitoIdentityProviderClient, "send">;

const errorName = (error: unknown) => (error as { name?: string } | null)?.name;

/** What machine clients need in Cognito: the pool's hosted domain (for /oauth2/token) and a resource-server scope. */
export interface CognitoApiClientSettings {
  /** e.g. `steward.auth.eu-west-1.amazoncognito.com` (COGNITO_OAUTH_DOMAIN). */
  oauthDomain?: string;
  /** e.g. `steward/api` (COGNITO_API_SCOPE): a custom scope of a resource server in the pool. */
  scope?: string;
}

export const API_CLIENTS_NOT_CONFIGURED =
  "API clients need COGNITO_OAUTH_DOMAIN and COGNITO_API_SCOPE to be configured for the Cognito user pool; ask the operator to set them.";

/** Cognito allows only `[\w\s+=,.@-]` in client names, up to 128 characters. */
export const cognitoClientName = (name: string) => `steward-api ${name.replace(/[^\w\s+=,.@-]/g, "_")}`.slice(0, 128);

/** What Steward reads of a federated person: the e-mail (which must match a mapped domain) and the name. */
const OIDC_ATTRIBUTES = { email: "email", email_verified: "email_verified", given_name: "given_name", family_name: "family_name", username: "sub" };
const SAML_ATTRIBUTES = {
  email: "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
  given_name: "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname",
  family_name: "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname",
};

/** The app client settings UpdateUserPoolClient takes: anything left out would be reset to its default. */
const CLIENT_SETTINGS = [
  "ClientName",
  "RefreshTokenValidity",
  "AccessTokenValidity",
  "IdTokenValidity",
  "TokenValidityUnits",
  "ReadAttributes",
  "WriteAttributes",
  "ExplicitAuthFlows",
  "SupportedIdentityProviders",
  "CallbackURLs",
  "LogoutURLs",
  "DefaultRedirectURI",
  "AllowedOAuthFlows",
  "AllowedOAuthScopes",
  "AllowedOAuthFlowsUserPoolClient",
  "AnalyticsConfiguration",
  "PreventUserExistenceErrors",
  "EnableTokenRevocation",
  "EnablePropagateAdditionalUserContextData",
  "AuthSessionValidity",
  "RefreshTokenRotation",
] as const satisfies ReadonlyArray<keyof UserPoolClientType & keyof UpdateUserPoolClientCommandInput>;

/**
 * IdentityAdmin on a Cognito user pool: Cognito itself e-mails invitations, temporary passwords and codes. Every
 * call goes through `send`, so a pool that cannot answer is ServiceUnavailable (a 503) wherever it is used.
 */
export class CognitoIdentityAdmin implements IdentityAdmin {
  /** The SDK client with outages mapped: what every method calls Cognito through. */
  private readonly client: CognitoSender;
  private readonly apiClients: CognitoApiClientSettings;

  private readonly webClientId: string | undefined;

  constructor(
    private readonly userPoolId: string,
    options: { region: string; endpoint?: string; client?: CognitoSender; apiClients?: CognitoApiClientSettings; webClientId?: string },
  ) {
    const sdk = options.client ?? cognitoClient({ region: options.region, endpoint: options.endpoint });
    this.client = { send: ((command: Parameters<CognitoSender["send"]>[0]) => callService("identity", () => sdk.send(command))) as CognitoSender["send"] };
    this.apiClients = options.apiClients ?? {};
    this.webClientId = options.webClientId;
  }

  /**
   * An invitation the pool already holds for this e-mail and nobody took up (FORCE_CHANGE_PASSWORD) is adopted:
   * it is what an earlier attempt left when Cognito's answer, or the database after it, was lost. Cognito mailed
   * that invitation when it made it. The caller has checked that no Steward user has the e-mail.
   */
  async createUser(input: { email: string; temporaryPassword?: string }) {
    try {
      return await this.inviteUser(input);
    } catch (error) {
      if (!(error instanceof IdentityAdminError && error.problem === "user_exists")) throw error;
      const existing = await this.client.send(new AdminGetUserCommand({ UserPoolId: this.userPoolId, Username: input.email.trim().toLowerCase() }));
      const sub = existing.UserAttributes?.find((a) => a.Name === "sub")?.Value;
      if (existing.UserStatus !== "FORCE_CHANGE_PASSWORD" || !sub) throw error;
      return { sub };
    }
  }

  private async inviteUser(input: { email: string; temporaryPassword?: string }) {
    const email = input.email.trim().toLowerCase();
    const result = await this.call(() =>
      this.client.send(
        new AdminCreateUserCommand({
          UserPoolId: this.userPoolId,
          Username: email,
          UserAttributes: [
            { Name: "email", Value: email },
            { Name: "email_verified", Value: "true" },
          ],
          TemporaryPassword: input.temporaryPassword,
          DesiredDeliveryMediums: ["EMAIL"],
        }),
      ),
    );
    const sub = result.User?.Attributes?.find((a) => a.Name === "sub")?.Value;
    if (!sub) throw new Error("Cognito created the user but returned no sub");
    return { sub };
  }

  /**
   * RESEND makes Cognito mail a new temporary password, which it allows only while the user has
   * not yet chosen one; past that, an admin reset mails a code and the next sign-in asks for it.
   */
  async resetTemporaryPassword(email: string) {
    const Username = email.trim().toLowerCase();
    try {
      await this.call(() =>
        this.client.send(
          new AdminCreateUserCommand({ UserPoolId: this.userPoolId, Username, MessageAction: "RESEND", DesiredDeliveryMediums: ["EMAIL"] }),
        ),
      );
    } catch (error) {
      if (errorName(error) !== "UnsupportedUserStateException") throw error;
      await this.call(() => this.client.send(new AdminResetUserPasswordCommand({ UserPoolId: this.userPoolId, Username })));
    }
  }

  async deleteUser(email: string) {
    const Username = email.trim().toLowerCase();
    await this.call(() => this.client.send(new AdminDeleteUserCommand({ UserPoolId: this.userPoolId, Username })));
  }

  async globalSignOut(email: string) {
    const Username = email.trim().toLowerCase();
    await this.call(() => this.client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: this.userPoolId, Username })));
  }

  /** An app client of the pool that may only use the client_credentials grant, with a secret Cognito generates. */
  async createApiClient(name: string) {
    const { oauthDomain, scope } = this.apiClients;
    if (!oauthDomain || !scope) throw new IdentityAdminError("api_clients_unavailable", API_CLIENTS_NOT_CONFIGURED);
    const result = await this.client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: this.userPoolId,
        ClientName: cognitoClientName(name),
        GenerateSecret: true,
        AllowedOAuthFlows: ["client_credentials"],
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthScopes: [scope],
      }),
    );
    const clientId = result.UserPoolClient?.ClientId;
    const clientSecret = result.UserPoolClient?.ClientSecret;
    if (!clientId || !clientSecret) throw new Error("Cognito created the app client but returned no id or secret");
    return { clientId, clientSecret, secretHash: null, tokenUrl: `https://${oauthDomain}/oauth2/token` };
  }

  async deleteApiClient(clientId: string) {
    try {
      await this.client.send(new DeleteUserPoolClientCommand({ UserPoolId: this.userPoolId, ClientId: clientId }));
    } catch (error) {
      // Already gone (deleted in the console, or an earlier revoke that did not commit): the goal is met.
      if (errorName(error) !== "ResourceNotFoundException") throw error;
    }
  }

  /** Creates or updates the pool's identity provider, then lets the web app's client sign in with it. */
  async saveIdentityProvider(provider: FederatedProviderSettings) {
    const fields: { ProviderDetails: Record<string, string>; AttributeMapping: Record<string, string> } =
      provider.type === "oidc"
        ? {
            ProviderDetails: {
              client_id: provider.clientId,
              client_secret: provider.clientSecret,
              oidc_issuer: provider.issuerUrl,
              authorize_scopes: "openid email profile",
              attributes_request_method: "GET",
            },
            AttributeMapping: OIDC_ATTRIBUTES,
          }
        : { ProviderDetails: { MetadataURL: provider.metadataUrl }, AttributeMapping: SAML_ATTRIBUTES };
    const common = { UserPoolId: this.userPoolId, ProviderName: provider.name, ...fields };
    try {
      await this.client.send(new UpdateIdentityProviderCommand(common));
    } catch (error) {
      if (errorName(error) !== "ResourceNotFoundException") throw error;
      await this.client.send(new CreateIdentityProviderCommand({ ...common, ProviderType: provider.type === "oidc" ? "OIDC" : "SAML" }));
    }
    await this.updateWebClientProviders((names) => (names.includes(provider.name) ? names : [...names, provider.name]));
  }

  async deleteIdentityProvider(name: string) {
    await this.updateWebClientProviders((names) => names.filter((n) => n !== name));
    try {
      await this.client.send(new DeleteIdentityProviderCommand({ UserPoolId: this.userPoolId, ProviderName: name }));
    } catch (error) {
      if (errorName(error) !== "ResourceNotFoundException") throw error;
    }
  }

  /** Rewrites the web app client's provider list, carrying every other setting over unchanged. */
  private async updateWebClientProviders(change: (names: string[]) => string[]) {
    if (!this.webClientId) return;
    const described = await this.client.send(new DescribeUserPoolClientCommand({ UserPoolId: this.userPoolId, ClientId: this.webClientId }));
    const current = described.UserPoolClient;
    if (!current) throw new Error("Cognito described no app client for COGNITO_CLIENT_ID");
    const names = current.SupportedIdentityProviders ?? ["COGNITO"];
    const next = change(names);
    if (next.length === names.length && next.every((n, i) => n === names[i])) return;
    const settings = Object.fromEntries(CLIENT_SETTINGS.filter((k) => current[k] !== undefined).map((k) => [k, current[k]]));
    await this.client.send(
      new UpdateUserPoolClientCommand({ ...settings, UserPoolId: this.userPoolId, ClientId: this.webClientId, SupportedIdentityProviders: next }),
    );
  }

  /**
   * A demo user with a password of their own (the seed's, never e-mailed), or the pool's existing user of that
   * e-mail given that password: seeding again after a half-done seed meets the users it made before.
   */
  async seedUser(email: string, password: string): Promise<{ sub: string }> {
    const Username = email.trim().toLowerCase();
    let sub: string | undefined;
    try {
      const created = await this.client.send(
        new AdminCreateUserCommand({
          UserPoolId: this.userPoolId,
          Username,
          UserAttributes: [
            { Name: "email", Value: Username },
            { Name: "email_verified", Value: "true" },
          ],
          MessageAction: "SUPPRESS",
        }),
      );
      sub = created.User?.Attributes?.find((a) => a.Name === "sub")?.Value;
    } catch (error) {
      if (errorName(error) !== "UsernameExistsException") throw error;
      const existing = await this.client.send(new AdminGetUserCommand({ UserPoolId: this.userPoolId, Username }));
      sub = existing.UserAttributes?.find((a) => a.Name === "sub")?.Value;
    }
    if (!sub) throw new Error("Cognito returned no sub for a demo user");
    await this.client.send(new AdminSetUserPasswordCommand({ UserPoolId: this.userPoolId, Username, Password: password, Permanent: true }));
    return { sub };
  }

  /** Cognito's error names to ours; an outage is already ServiceUnavailable (a 503), anything else passes through as a 5xx. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      const name = errorName(error);
      if (name === "UsernameExistsException") throw new IdentityAdminError("user_exists", "A user with this e-mail address already exists.");
      if (name === "UserNotFoundException") throw new IdentityAdminError("user_not_found", "No identity user has this e-mail address.");
      if (name === "InvalidPasswordException") throw new IdentityAdminError("invalid_password", "The temporary password does not meet the policy.");
      throw error;
    }
  }
}

/** The configured pool's admin (Cognito mode): what the identity plugin, the seed and the operator's commands use. */
export function cognitoAdmin(config: Config, client?: CognitoSender): CognitoIdentityAdmin {
  return new CognitoIdentityAdmin(config.COGNITO_USER_POOL_ID!, {
    region: config.COGNITO_REGION!,
    endpoint: config.COGNITO_ENDPOINT,
    client,
    apiClients: { oauthDomain: config.COGNITO_OAUTH_DOMAIN, scope: config.COGNITO_API_SCOPE },
    webClientId: config.COGNITO_CLIENT_ID,
  });
}
