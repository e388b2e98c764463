import { describe, expect, it, vi } from "vitest";
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CreateIdentityProviderCommand,
  CreateUserPoolClientCommand,
  DeleteIdentityProviderCommand,
  DeleteUserPoolClientCommand,
  DescribeUserPoolClientCommand,
  UpdateIdentityProviderCommand,
  UpdateUserPoolClientCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { ServiceUnavailable } from "../aws/unavailable";
import { IdentityAdminError } from "./admin";
import { CognitoIdentityAdmin, type CognitoApiClientSettings, type CognitoSender } from "./admin-cognito";

/** The Cognito implementation of IdentityAdmin, with the SDK client's `send` stubbed: the commands' shapes, no network. */
const POOL = "eu-west-1_AbCdEf";

function stubbed(answer: (command: unknown) => unknown, apiClients?: CognitoApiClientSettings) {
  const send = vi.fn(async (command: unknown) => answer(command));
  const client = { send } as unknown as CognitoSender;
  return { send, admin: new CognitoIdentityAdmin(POOL, { region: "eu-west-1", client, apiClients, webClientId: "web-client" }) };
}
const API_SETTINGS = { oauthDomain: "steward.auth.eu-west-1.amazoncognito.com", scope: "steward/api" };
const awsError = (name: string) => Object.assign(new Error(name), { name });

describe("CognitoIdentityAdmin", () => {
  it("creates a user with a verified e-mail, lets Cognito mail the invitation and returns the sub", async () => {
    const { send, admin } = stubbed(() => ({ User: { Username: "x", Attributes: [{ Name: "sub", Value: "1234-sub" }] } }));
    expect(await admin.createUser({ email: " New.User@Example.COM ", temporaryPassword: "Temporary-Pass-123" })).toEqual({ sub: "1234-sub" });
    const command = send.mock.calls[0][0];
    expect(command).toBeInstanceOf(AdminCreateUserCommand);
    expect((command as AdminCreateUserCommand).input).toEqual({
      UserPoolId: POOL,
      Username: "new.user@example.com",
      UserAttributes: [
        { Name: "email", Value: "new.user@example.com" },
        { Name: "email_verified", Value: "true" },
      ],
      TemporaryPassword: "Temporary-Pass-123",
      DesiredDeliveryMediums: ["EMAIL"],
    });
  });

  it("maps Cognito's errors to IdentityAdminError, and its outages to ServiceUnavailable", async () => {
    const existing = (status: string) =>
      stubbed((command) =>
        command instanceof AdminCreateUserCommand
          ? Promise.reject(awsError("UsernameExistsException"))
          : { UserStatus: status, UserAttributes: [{ Name: "sub", Value: "earlier-sub" }] },
      ).admin;
    await expect(existing("CONFIRMED").createUser({ email: "a@b.c" })).rejects.toMatchObject({ problem: "user_exists" });
    // An invitation nobody took up is what an earlier attempt left behind when its answer was lost: adopted.
    await expect(existing("FORCE_CHANGE_PASSWORD").createUser({ email: "a@b.c" })).resolves.toEqual({ sub: "earlier-sub" });
    const missing = stubbed(() => Promise.reject(awsError("UserNotFoundException"))).admin;
    await expect(missing.deleteUser("a@b.c")).rejects.toBeInstanceOf(IdentityAdminError);
    const outages = [
      awsError("TooManyRequestsException"),
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5000"), { code: "ECONNREFUSED" }),
      Object.assign(awsError("InternalErrorException"), { $fault: "server", $metadata: { httpStatusCode: 500 } }),
    ];
    for (const outage of outages) {
      const down = stubbed(() => Promise.reject(outage)).admin;
      await expect(down.globalSignOut("a@b.c")).rejects.toMatchObject({ name: "ServiceUnavailable", service: "identity" });
      await expect(down.createUser({ email: "a@b.c" })).rejects.toBeInstanceOf(ServiceUnavailable);
    }
  });

  it("seeds a demo user with a permanent password, and finds one an earlier seed made", async () => {
    const fresh = stubbed((command) => (command instanceof AdminCreateUserCommand ? { User: { Attributes: [{ Name: "sub", Value: "new-sub" }] } } : {}));
    expect(await fresh.admin.seedUser("Admin@Steward.test", "Steward-Demo-2026")).toEqual({ sub: "new-sub" });
    const [create, password] = fresh.send.mock.calls.map((c) => c[0]);
    expect((create as AdminCreateUserCommand).input).toMatchObject({ Username: "admin@steward.test", MessageAction: "SUPPRESS" });
    expect(password).toBeInstanceOf(AdminSetUserPasswordCommand);
    expect((password as AdminSetUserPasswordCommand).input).toEqual({ UserPoolId: POOL, Username: "admin@steward.test", Password: "Steward-Demo-2026", Permanent: true });
    const again = stubbed((command) => {
      if (command instanceof AdminCreateUserCommand) return Promise.reject(awsError("UsernameExistsException"));
      if (command instanceof AdminGetUserCommand) return { UserAttributes: [{ Name: "sub", Value: "old-sub" }] };
      return {};
    });
    expect(await again.admin.seedUser("admin@steward.test", "Steward-Demo-2026")).toEqual({ sub: "old-sub" });
  });

  it("resends the temporary password while the user has not chosen one", async () => {
    const { send, admin } = stubbed(() => ({}));
    await admin.resetTemporaryPassword("Pending@Example.com");
    expect(send).toHaveBeenCalledTimes(1);
    const command = send.mock.calls[0][0] as AdminCreateUserCommand;
    expect(command).toBeInstanceOf(AdminCreateUserCommand);
    expect(command.input).toEqual({ UserPoolId: POOL, Username: "pending@example.com", MessageAction: "RESEND", DesiredDeliveryMediums: ["EMAIL"] });
  });

  it("falls back to an admin password reset for a confirmed user", async () => {
    const { send, admin } = stubbed((command) =>
      command instanceof AdminCreateUserCommand ? Promise.reject(awsError("UnsupportedUserStateException")) : {},
    );
    await admin.resetTemporaryPassword("done@example.com");
    expect(send).toHaveBeenCalledTimes(2);
    const command = send.mock.calls[1][0] as AdminResetUserPasswordCommand;
    expect(command).toBeInstanceOf(AdminResetUserPasswordCommand);
    expect(command.input).toEqual({ UserPoolId: POOL, Username: "done@example.com" });
  });

  it("deletes a user and signs one out everywhere", async () => {
    const { send, admin } = stubbed(() => ({}));
    await admin.deleteUser("Gone@Example.com");
    await admin.globalSignOut("Out@Example.com");
    const [del, out] = send.mock.calls.map((c) => c[0]);
    expect(del).toBeInstanceOf(AdminDeleteUserCommand);
    expect((del as AdminDeleteUserCommand).input).toEqual({ UserPoolId: POOL, Username: "gone@example.com" });
    expect(out).toBeInstanceOf(AdminUserGlobalSignOutCommand);
    expect((out as AdminUserGlobalSignOutCommand).input).toEqual({ UserPoolId: POOL, Username: "out@example.com" });
  });

  it("creates an API client as an app client limited to client credentials, with a generated secret", async () => {
    const { send, admin } = stubbed(() => ({ UserPoolClient: { ClientId: "abc123clientid", ClientSecret: "s3cr3t" } }), API_SETTINGS);
    expect(await admin.createApiClient("Nightly export ~ñ/x")).toEqual({
      clientId: "abc123clientid",
      clientSecret: "s3cr3t",
      secretHash: null,
      tokenUrl: "https://steward.auth.eu-west-1.amazoncognito.com/oauth2/token",
    });
    const command = send.mock.calls[0][0] as CreateUserPoolClientCommand;
    expect(command).toBeInstanceOf(CreateUserPoolClientCommand);
    expect(command.input).toEqual({
      UserPoolId: POOL,
      ClientName: "steward-api Nightly export ___x",
      GenerateSecret: true,
      AllowedOAuthFlows: ["client_credentials"],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: ["steward/api"],
    });
    // Cognito's client name pattern.
    expect(command.input.ClientName).toMatch(/^[\w\s+=,.@-]{1,128}$/);
  });

  it("refuses to create API clients without the domain and scope, before calling Cognito", async () => {
    for (const settings of [undefined, { scope: "steward/api" }, { oauthDomain: "x.auth.eu-west-1.amazoncognito.com" }]) {
      const { send, admin } = stubbed(() => ({}), settings);
      await expect(admin.createApiClient("Bot")).rejects.toMatchObject({ problem: "api_clients_unavailable", message: expect.stringMatching(/COGNITO_OAUTH_DOMAIN/) });
      expect(send).not.toHaveBeenCalled();
    }
  });

  it("deletes an API client's app client, and takes an already deleted one as done", async () => {
    const { send, admin } = stubbed(() => ({}), API_SETTINGS);
    await admin.deleteApiClient("abc123clientid");
    const command = send.mock.calls[0][0] as DeleteUserPoolClientCommand;
    expect(command).toBeInstanceOf(DeleteUserPoolClientCommand);
    expect(command.input).toEqual({ UserPoolId: POOL, ClientId: "abc123clientid" });
    const gone = stubbed(() => Promise.reject(awsError("ResourceNotFoundException"))).admin;
    await expect(gone.deleteApiClient("abc123clientid")).resolves.toBeUndefined();
    const refused = stubbed(() => Promise.reject(awsError("NotAuthorizedException"))).admin;
    await expect(refused.deleteApiClient("abc123clientid")).rejects.toMatchObject({ name: "NotAuthorizedException" });
  });

  describe("corporate identity providers", () => {
    const WEB_CLIENT = {
      ClientId: "web-client",
      ClientName: "steward-web",
      ExplicitAuthFlows: ["ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"],
      SupportedIdentityProviders: ["COGNITO"],
      CallbackURLs: ["https://steward.example/auth/callback/"],
      LogoutURLs: ["https://steward.example/signin"],
      AllowedOAuthFlows: ["code"],
      AllowedOAuthScopes: ["openid", "email", "profile", "aws.cognito.signin.user.admin"],
      AllowedOAuthFlowsUserPoolClient: true,
      AccessTokenValidity: 60,
      TokenValidityUnits: { AccessToken: "minutes" },
      EnableTokenRevocation: true,
      CreationDate: new Date(),
      UserPoolId: POOL,
    };
    const answers = (missing: boolean) => (command: unknown) => {
      if (command instanceof UpdateIdentityProviderCommand && missing) return Promise.reject(awsError("ResourceNotFoundException"));
      if (command instanceof DescribeUserPoolClientCommand) return { UserPoolClient: WEB_CLIENT };
      return {};
    };

    it("creates an OIDC provider the pool does not have yet, and adds it to the web client keeping every other setting", async () => {
      const { send, admin } = stubbed(answers(true));
      await admin.saveIdentityProvider({ name: "abc123", type: "oidc", issuerUrl: "https://idp.acme.example", clientId: "cid", clientSecret: "s3cret" });
      const commands = send.mock.calls.map((c) => c[0]);
      expect(commands.map((c) => (c as object).constructor)).toEqual([
        UpdateIdentityProviderCommand,
        CreateIdentityProviderCommand,
        DescribeUserPoolClientCommand,
        UpdateUserPoolClientCommand,
      ]);
      expect((commands[1] as CreateIdentityProviderCommand).input).toMatchObject({
        UserPoolId: POOL,
        ProviderName: "abc123",
        ProviderType: "OIDC",
        ProviderDetails: { client_id: "cid", client_secret: "s3cret", oidc_issuer: "https://idp.acme.example", authorize_scopes: "openid email profile" },
        AttributeMapping: { email: "email" },
      });
      const update = (commands[3] as UpdateUserPoolClientCommand).input;
      expect(update.SupportedIdentityProviders).toEqual(["COGNITO", "abc123"]);
      // UpdateUserPoolClient resets what it is not given: the other settings travel along, read-only ones do not.
      expect(update).toMatchObject({ ClientName: "steward-web", CallbackURLs: WEB_CLIENT.CallbackURLs, AccessTokenValidity: 60, EnableTokenRevocation: true });
      expect(update).not.toHaveProperty("CreationDate");
    });

    it("updates a SAML provider in place and leaves the client alone when it already lists it", async () => {
      const { send, admin } = stubbed((command) => (command instanceof DescribeUserPoolClientCommand ? { UserPoolClient: { ...WEB_CLIENT, SupportedIdentityProviders: ["COGNITO", "saml1"] } } : {}));
      await admin.saveIdentityProvider({ name: "saml1", type: "saml", metadataUrl: "https://idp.acme.example/metadata.xml" });
      const commands = send.mock.calls.map((c) => c[0]);
      expect(commands.map((c) => (c as object).constructor)).toEqual([UpdateIdentityProviderCommand, DescribeUserPoolClientCommand]);
      expect((commands[0] as UpdateIdentityProviderCommand).input.ProviderDetails).toEqual({ MetadataURL: "https://idp.acme.example/metadata.xml" });
    });

    it("removes a provider from the client, then from the pool, and takes an already removed one in its stride", async () => {
      const { send, admin } = stubbed((command) => {
        if (command instanceof DescribeUserPoolClientCommand) return { UserPoolClient: { ...WEB_CLIENT, SupportedIdentityProviders: ["COGNITO", "gone"] } };
        if (command instanceof DeleteIdentityProviderCommand) return Promise.reject(awsError("ResourceNotFoundException"));
        return {};
      });
      await admin.deleteIdentityProvider("gone");
      const commands = send.mock.calls.map((c) => c[0]);
      expect((commands[1] as UpdateUserPoolClientCommand).input.SupportedIdentityProviders).toEqual(["COGNITO"]);
      expect(commands[2]).toBeInstanceOf(DeleteIdentityProviderCommand);
    });
  });
});
