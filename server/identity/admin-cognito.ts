import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminResetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from "@aws-sdk/client-cognito-identity-provider";
import { IdentityAdminError, type IdentityAdmin } from "./admin";

/** The SDK client's one method we use: tests stub it to check the commands without a network. */
export type CognitoSender = Pick<CognitoIdentityProviderClient, "send">;

const errorName = (error: unknown) => (error as { name?: string } | null)?.name;

/** IdentityAdmin on a Cognito user pool: Cognito itself e-mails invitations, temporary passwords and codes. */
export class CognitoIdentityAdmin implements IdentityAdmin {
  private readonly client: CognitoSender;

  constructor(
    private readonly userPoolId: string,
    options: { region: string; client?: CognitoSender },
  ) {
    this.client = options.client ?? new CognitoIdentityProviderClient({ region: options.region });
  }

  async createUser(input: { email: string; temporaryPassword?: string }) {
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

  /** Cognito's error names to ours; anything else (throttling, network) passes through as a 5xx. */
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
