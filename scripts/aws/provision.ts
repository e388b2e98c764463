import {
  CognitoIdentityProviderClient,
  CreateResourceServerCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  CreateUserPoolDomainCommand,
  DescribeResourceServerCommand,
  DescribeUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  SetUserPoolMfaConfigCommand,
  type UserPoolClientDescription,
} from "@aws-sdk/client-cognito-identity-provider";
import {
  CreateBucketCommand,
  PutBucketCorsCommand,
  PutBucketEncryptionCommand,
  PutPublicAccessBlockCommand,
  S3Client,
  type BucketLocationConstraint,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { HOSTED_SCOPES } from "../../server/identity/settings";

/**
 * What Steward's production mode needs from AWS, made on any endpoint (AWS itself, or moto, LocalStack): a Cognito
 * user pool with its web app client, resource server and domain, and an S3 bucket the browser may post uploads to.
 * Running it again finds what it made before (by name) and makes only what is missing.
 */
export interface ProvisionOptions {
  region: string;
  /** An AWS-compatible endpoint (moto); AWS's own endpoints when absent. */
  endpoint?: string;
  /** Static credentials (tests, moto); the SDK's default chain when absent. */
  credentials?: S3ClientConfig["credentials"];
  /** Where people open Steward: the bucket's CORS origin and the app client's sign-in return addresses. */
  publicUrl: string;
  poolName?: string;
  bucket?: string;
}

export interface Provisioned {
  poolId: string;
  clientId: string;
  bucket: string;
  /** The settings that point Steward at them (the README's configuration table). */
  env: Record<string, string>;
}

const WEB_CLIENT_NAME = "steward-web";
/** The resource server and scope API clients (client credentials) are given: COGNITO_API_SCOPE. */
const API_RESOURCE = { identifier: "steward", scope: "api" };

export async function provision(options: ProvisionOptions): Promise<Provisioned> {
  const common = { region: options.region, ...(options.endpoint ? { endpoint: options.endpoint } : {}), ...(options.credentials ? { credentials: options.credentials } : {}) };
  const cognito = new CognitoIdentityProviderClient(common);
  const s3 = new S3Client({ ...common, forcePathStyle: Boolean(options.endpoint) });
  try {
    const publicUrl = options.publicUrl.replace(/\/+$/, "");
    const poolId = await ensurePool(cognito, options.poolName ?? "steward");
    await ensureResourceServer(cognito, poolId);
    const domain = await ensureDomain(cognito, poolId, options.region);
    const clientId = await ensureWebClient(cognito, poolId, publicUrl);
    const bucket = options.bucket ?? "steward-files";
    await ensureBucket(s3, bucket, options.region, publicUrl);
    return {
      poolId,
      clientId,
      bucket,
      env: {
        COGNITO_USER_POOL_ID: poolId,
        COGNITO_CLIENT_ID: clientId,
        COGNITO_REGION: options.region,
        COGNITO_OAUTH_DOMAIN: domain,
        COGNITO_API_SCOPE: `${API_RESOURCE.identifier}/${API_RESOURCE.scope}`,
        S3_BUCKET: bucket,
        S3_REGION: options.region,
        ...(options.endpoint ? { COGNITO_ENDPOINT: options.endpoint, S3_ENDPOINT: options.endpoint } : {}),
      },
    };
  } finally {
    cognito.destroy();
    s3.destroy();
  }
}

const errorName = (error: unknown) => (error as { name?: string } | null)?.name;

/** People sign in with their e-mail; only an Administrator (through Steward) makes users; Steward's password rule. */
async function ensurePool(cognito: CognitoIdentityProviderClient, name: string): Promise<string> {
  let NextToken: string | undefined;
  do {
    const page = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60, NextToken }));
    const found = page.UserPools?.find((p) => p.Name === name);
    if (found?.Id) return found.Id;
    NextToken = page.NextToken;
  } while (NextToken);
  const created = await cognito.send(
    new CreateUserPoolCommand({
      PoolName: name,
      UsernameAttributes: ["email"],
      UsernameConfiguration: { CaseSensitive: false },
      AutoVerifiedAttributes: ["email"],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: "verified_email", Priority: 1 }] },
      // At least 15 characters with an uppercase letter, a lowercase letter and a number: Steward's own rule.
      Policies: { PasswordPolicy: { MinimumLength: 15, RequireUppercase: true, RequireLowercase: true, RequireNumbers: true, RequireSymbols: false, TemporaryPasswordValidityDays: 7 } },
    }),
  );
  const poolId = created.UserPool?.Id;
  if (!poolId) throw new Error("Cognito created the user pool but returned no id");
  // Second factors are each person's choice (the company's policy in Steward may require one): authenticator apps.
  await cognito.send(new SetUserPoolMfaConfigCommand({ UserPoolId: poolId, MfaConfiguration: "OPTIONAL", SoftwareTokenMfaConfiguration: { Enabled: true } }));
  return poolId;
}

async function ensureResourceServer(cognito: CognitoIdentityProviderClient, poolId: string): Promise<void> {
  try {
    await cognito.send(new DescribeResourceServerCommand({ UserPoolId: poolId, Identifier: API_RESOURCE.identifier }));
  } catch (error) {
    if (errorName(error) !== "ResourceNotFoundException") throw error;
    await cognito.send(
      new CreateResourceServerCommand({
        UserPoolId: poolId,
        Identifier: API_RESOURCE.identifier,
        Name: "Steward API",
        Scopes: [{ ScopeName: API_RESOURCE.scope, ScopeDescription: "Call Steward's /v2 API as an API client" }],
      }),
    );
  }
}

/** The pool's hosted domain (corporate sign-in, API client tokens): a prefix unique to this pool. */
async function ensureDomain(cognito: CognitoIdentityProviderClient, poolId: string, region: string): Promise<string> {
  const described = await cognito.send(new DescribeUserPoolCommand({ UserPoolId: poolId }));
  let prefix = described.UserPool?.Domain;
  if (!prefix) {
    prefix = `steward-${poolId.split("_")[1].toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 12)}`;
    await cognito.send(new CreateUserPoolDomainCommand({ UserPoolId: poolId, Domain: prefix }));
  }
  return `${prefix}.auth.${region}.amazoncognito.com`;
}

/** The browser's app client: no secret, password and SRP sign-in, refresh, revocable tokens, hosted sign-in for SSO. */
async function ensureWebClient(cognito: CognitoIdentityProviderClient, poolId: string, publicUrl: string): Promise<string> {
  let NextToken: string | undefined;
  let found: UserPoolClientDescription | undefined;
  do {
    const page = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: poolId, MaxResults: 60, NextToken }));
    found = page.UserPoolClients?.find((c) => c.ClientName === WEB_CLIENT_NAME);
    NextToken = page.NextToken;
  } while (!found && NextToken);
  if (found?.ClientId) return found.ClientId;
  const created = await cognito.send(
    new CreateUserPoolClientCommand({
      UserPoolId: poolId,
      ClientName: WEB_CLIENT_NAME,
      GenerateSecret: false,
      ExplicitAuthFlows: ["ALLOW_USER_PASSWORD_AUTH", "ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"],
      PreventUserExistenceErrors: "ENABLED",
      EnableTokenRevocation: true,
      AccessTokenValidity: 60,
      IdTokenValidity: 60,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { AccessToken: "minutes", IdToken: "minutes", RefreshToken: "days" },
      SupportedIdentityProviders: ["COGNITO"],
      CallbackURLs: [`${publicUrl}/auth/callback/`],
      LogoutURLs: [`${publicUrl}/signin`],
      AllowedOAuthFlows: ["code"],
      AllowedOAuthScopes: HOSTED_SCOPES,
      AllowedOAuthFlowsUserPoolClient: true,
    }),
  );
  const clientId = created.UserPoolClient?.ClientId;
  if (!clientId) throw new Error("Cognito created the app client but returned no id");
  return clientId;
}

/** Private, encrypted at rest, and open to POSTs from Steward's origin only (the browser's presigned uploads). */
async function ensureBucket(s3: S3Client, bucket: string, region: string, publicUrl: string): Promise<void> {
  try {
    await s3.send(new CreateBucketCommand({ Bucket: bucket, ...(region === "us-east-1" ? {} : { CreateBucketConfiguration: { LocationConstraint: region as BucketLocationConstraint } }) }));
  } catch (error) {
    if (errorName(error) !== "BucketAlreadyOwnedByYou") throw error;
  }
  await s3.send(
    new PutPublicAccessBlockCommand({
      Bucket: bucket,
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, IgnorePublicAcls: true, BlockPublicPolicy: true, RestrictPublicBuckets: true },
    }),
  );
  await s3.send(
    new PutBucketEncryptionCommand({ Bucket: bucket, ServerSideEncryptionConfiguration: { Rules: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: "AES256" } }] } }),
  );
  await s3.send(
    new PutBucketCorsCommand({
      Bucket: bucket,
      CORSConfiguration: { CORSRules: [{ AllowedOrigins: [new URL(publicUrl).origin], AllowedMethods: ["POST"], AllowedHeaders: ["*"], MaxAgeSeconds: 3000 }] },
    }),
  );
}
