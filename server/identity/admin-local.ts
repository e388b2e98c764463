import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { IdentityAdminError, type IdentityAdmin } from "./admin";
import { hashClientSecret, newClientId, newClientSecret } from "./api-clients";
import type { SigningKey } from "./keys";
import { temporaryPasswordMail, type Mailer } from "./mailer";
import { generateTemporaryPassword, hashPassword, meetsPasswordPolicy } from "./passwords";
import { deleteUser, findUserByUsername, insertUser, revokeAllSessions, setPassword } from "./store";

/** IdentityAdmin on the local store; temporary passwords go out through the mailer (SMTP or the outbox). */
export class LocalIdentityAdmin implements IdentityAdmin {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly signInUrl: string,
    private readonly log: FastifyBaseLogger,
    /** API clients: their secrets are hashed with the pool's key and exchanged at POST /oauth2/token. */
    private readonly apiClients: { key: SigningKey; tokenUrl: string },
  ) {}

  async createUser(input: { email: string; temporaryPassword?: string }) {
    const temporaryPassword = input.temporaryPassword ?? generateTemporaryPassword();
    if (!meetsPasswordPolicy(temporaryPassword)) throw new IdentityAdminError("invalid_password", "The temporary password does not meet the policy.");
    if (await findUserByUsername(this.db, input.email)) throw new IdentityAdminError("user_exists", "A user with this e-mail address already exists.");
    const user = await insertUser(this.db, {
      email: input.email,
      passwordHash: await hashPassword(temporaryPassword),
      status: "FORCE_CHANGE_PASSWORD",
    });
    await this.mailer.send(temporaryPasswordMail(user.email, temporaryPassword, this.signInUrl), this.log);
    return { sub: user.sub };
  }

  async resetTemporaryPassword(email: string) {
    const user = await this.find(email);
    const temporaryPassword = generateTemporaryPassword();
    await setPassword(this.db, user.sub, await hashPassword(temporaryPassword), "FORCE_CHANGE_PASSWORD");
    await revokeAllSessions(this.db, user.sub);
    await this.mailer.send(temporaryPasswordMail(user.email, temporaryPassword, this.signInUrl), this.log);
  }

  async deleteUser(email: string) {
    await deleteUser(this.db, (await this.find(email)).sub);
  }

  async globalSignOut(email: string) {
    await revokeAllSessions(this.db, (await this.find(email)).sub);
  }

  async createApiClient() {
    const clientId = newClientId();
    const clientSecret = newClientSecret();
    return { clientId, clientSecret, secretHash: hashClientSecret(this.apiClients.key, clientId, clientSecret), tokenUrl: this.apiClients.tokenUrl };
  }

  /** Nothing to do here: the api_clients row is the local store's record, and its revoked_at refuses the client. */
  async deleteApiClient() {}

  /** The local hosted sign-in reads the company's provider table itself. */
  async saveIdentityProvider() {}

  async deleteIdentityProvider() {}

  private async find(email: string) {
    const user = await findUserByUsername(this.db, email);
    if (!user) throw new IdentityAdminError("user_not_found", "No identity user has this e-mail address.");
    return user;
  }
}
