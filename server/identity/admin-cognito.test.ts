import { describe, expect, it, vi } from "vitest";
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminResetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CreateUserPoolClientCommand,
  DeleteUserPoolClientCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { IdentityAdminError } from "./admin";
import { CognitoIdentityAdmin, type CognitoApiClientSettings, type CognitoSender } from "./admin-cognito";

/** The Cognito implementation of IdentityAdmin, with the SDK client's `send` stubbed: the commands' shapes, no network. */
const POOL = "eu-west-1_AbCdEf";

function stubbed(answer: (command: unknown) => unknown, apiClients?: CognitoApiClientSettings) {
  const send = vi.fn(async (command: unknown) => answer(command));
  return { send, admin: new CognitoIdentityAdmin(POOL, { region: "eu-west-1", client: { send } as unknown as CognitoSender, apiClients }) };
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

  it("maps Cognito's errors to IdentityAdminError", async () => {
    const exists = stubbed(() => Promise.reject(awsError("UsernameExistsException"))).admin;
    await expect(exists.createUser({ email: "a@b.c" })).rejects.toMatchObject({ problem: "user_exists" });
    const missing = stubbed(() => Promise.reject(awsError("UserNotFoundException"))).admin;
    await expect(missing.deleteUser("a@b.c")).rejects.toBeInstanceOf(IdentityAdminError);
    const throttled = stubbed(() => Promise.reject(awsError("TooManyRequestsException"))).admin;
    await expect(throttled.globalSignOut("a@b.c")).rejects.toMatchObject({ name: "TooManyRequestsException" });
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
    const throttled = stubbed(() => Promise.reject(awsError("TooManyRequestsException"))).admin;
    await expect(throttled.deleteApiClient("abc123clientid")).rejects.toMatchObject({ name: "TooManyRequestsException" });
  });
});
