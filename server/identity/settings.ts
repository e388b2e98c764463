import type { ClientConfig } from "../../domain/api/client-config";
import type { Config } from "../config";

/** The local pool's id must contain "_": Amplify reads the region from its prefix. */
export const LOCAL_POOL_ID = "local_steward";
export const LOCAL_CLIENT_ID = "steward-web";
export const LOCAL_REGION = "local";
/** Mount point of the local Cognito-compatible service; the browser resolves it against its own origin. */
export const LOCAL_IDENTITY_PATH = "/identity";
/** The local token endpoint of API clients (client_credentials), where Cognito's domain has its own. */
export const LOCAL_TOKEN_PATH = "/oauth2/token";
/** The one scope local API client tokens carry, like a Cognito resource server's custom scope. */
export const LOCAL_API_SCOPE = "steward/api";

/** What hosted sign-in asks for: the ID token's identity and e-mail, and the user-pool scope Amplify's calls need. */
export const HOSTED_SCOPES = ["openid", "email", "profile", "aws.cognito.signin.user.admin"];

/** Cognito's API for the pool: AWS's regional endpoint, unless COGNITO_ENDPOINT names another (moto, a private endpoint). */
export function cognitoEndpoint(config: Pick<Config, "COGNITO_ENDPOINT" | "COGNITO_REGION">): string {
  return config.COGNITO_ENDPOINT ?? `https://cognito-idp.${config.COGNITO_REGION}.amazonaws.com`;
}

export function authSettings(config: Config): ClientConfig["auth"] {
  if (config.identityMode === "cognito") {
    return {
      userPoolId: config.COGNITO_USER_POOL_ID!,
      userPoolClientId: config.COGNITO_CLIENT_ID!,
      // Amplify finds AWS's endpoint from the region by itself; another one it must be told.
      ...(config.COGNITO_ENDPOINT ? { userPoolEndpoint: config.COGNITO_ENDPOINT } : {}),
      region: config.COGNITO_REGION!,
      authFlowType: "USER_SRP_AUTH",
      mode: "cognito",
      ...(config.COGNITO_OAUTH_DOMAIN ? { oauth: { origin: `https://${config.COGNITO_OAUTH_DOMAIN}`, scopes: HOSTED_SCOPES } } : {}),
    };
  }
  return {
    userPoolId: LOCAL_POOL_ID,
    userPoolClientId: LOCAL_CLIENT_ID,
    userPoolEndpoint: LOCAL_IDENTITY_PATH,
    region: LOCAL_REGION,
    authFlowType: "USER_PASSWORD_AUTH",
    mode: "local",
    oauth: { origin: null, scopes: HOSTED_SCOPES },
  };
}
