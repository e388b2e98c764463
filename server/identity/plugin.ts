import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config";
import { secretCipher } from "../files/secret-cipher";
import type { IdentityAdmin } from "./admin";
import { cognitoAdmin, type CognitoSender } from "./admin-cognito";
import { LocalIdentityAdmin } from "./admin-local";
import { Captcha } from "./captcha";
import { createMemorySigningKey, type SigningKey } from "./keys";
import { createMailer } from "./mailer";
import { MemoryOutbox, type Outbox } from "./outbox";
import type { LocalPool } from "./pool";
import { identityRoutes } from "./routes";
import { userGrants } from "./sso/token-grants";
import { HostedSignInStore } from "./sso/transactions";
import { tokenEndpoint } from "./token-endpoint";
import { cognitoEndpoint, LOCAL_CLIENT_ID, LOCAL_IDENTITY_PATH, LOCAL_POOL_ID, LOCAL_TOKEN_PATH } from "./settings";
import { TokenIssuer } from "./tokens";
import { cognitoIssuer, cognitoVerifier, localVerifier, type AccessTokenVerifier } from "./verifier";

/** How the app reaches its identity store, in either mode: what the auth plugin and the access routes use. */
export interface Identity {
  mode: "local" | "cognito";
  issuer: string;
  clientId: string;
  verifier: AccessTokenVerifier;
  admin: IdentityAdmin;
  /** Local mode only: the service's internals (tests sign tokens with its key, read its outbox). */
  local?: LocalPool;
}

declare module "fastify" {
  interface FastifyInstance {
    identity: Identity;
  }
}

export interface IdentityOptions {
  /** main.ts passes the key kept in DATA_DIR/keys; without one a fresh in-memory key is made (tests). */
  signingKey?: SigningKey;
  /** main.ts passes DATA_DIR/outbox.jsonl; without one the outbox lives in memory (tests). */
  outbox?: Outbox;
  /** Tests stub the Cognito SDK client. */
  cognitoClient?: CognitoSender;
}

/** The local issuer: the URL where its JWKS is served, as Cognito's issuer is. */
export const localIssuer = (publicUrl: string) => `${publicUrl}${LOCAL_IDENTITY_PATH}/${LOCAL_POOL_ID}`;

export default fp(
  async function identity(app: FastifyInstance, opts: IdentityOptions & { config: Config }) {
    const { config } = opts;
    if (config.identityMode === "cognito") {
      const region = config.COGNITO_REGION!;
      const poolId = config.COGNITO_USER_POOL_ID!;
      const clientId = config.COGNITO_CLIENT_ID!;
      app.decorate("identity", {
        mode: "cognito",
        issuer: cognitoIssuer(region, poolId),
        clientId,
        verifier: cognitoVerifier(region, poolId, clientId, cognitoEndpoint(config)),
        admin: cognitoAdmin(config, opts.cognitoClient),
      } satisfies Identity);
      return;
    }

    const key = opts.signingKey ?? (await createMemorySigningKey());
    const outbox = opts.outbox ?? new MemoryOutbox();
    const issuer = localIssuer(config.publicUrl);
    const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outbox });
    const cipher = await secretCipher("identity", config);
    const pool: LocalPool = {
      db: app.db,
      poolId: LOCAL_POOL_ID,
      clientId: LOCAL_CLIENT_ID,
      issuer,
      key,
      tokens: new TokenIssuer(key, issuer, LOCAL_CLIENT_ID),
      verifier: localVerifier(app.db, issuer, LOCAL_CLIENT_ID, key.publicJwk),
      captcha: new Captcha(key),
      mailer,
      outbox,
      cipher,
      hostedSignIn: new HostedSignInStore(app.db, cipher),
    };
    app.decorate("identity", {
      mode: "local",
      issuer,
      clientId: LOCAL_CLIENT_ID,
      verifier: pool.verifier,
      admin: new LocalIdentityAdmin(app.db, mailer, `${config.publicUrl}/signin`, app.log, {
        key,
        tokenUrl: `${config.publicUrl}${LOCAL_TOKEN_PATH}`,
      }),
      local: pool,
    } satisfies Identity);

    await app.register(identityRoutes, { pool });
    await app.register(tokenEndpoint, { pool, userGrants: userGrants(pool) });
    // The developer's inbox in the embedded default: codes and temporary passwords land here when there is no SMTP.
    app.get("/dev/outbox", { schema: { hide: true } }, async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return outbox.list();
    });
  },
  { name: "identity", dependencies: ["db"] },
);
