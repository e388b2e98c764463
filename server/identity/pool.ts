import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import type { SecretCipher } from "../files/secret-cipher";
import type { Captcha } from "./captcha";
import type { SigningKey } from "./keys";
import type { Mailer } from "./mailer";
import type { Outbox } from "./outbox";
import type { HostedSignInStore } from "./sso/transactions";
import type { TokenIssuer } from "./tokens";
import type { AccessTokenVerifier } from "./verifier";

/** Everything the local Cognito-compatible service works with, built once by the identity plugin. */
export interface LocalPool {
  db: Db;
  poolId: string;
  clientId: string;
  issuer: string;
  key: SigningKey;
  tokens: TokenIssuer;
  verifier: AccessTokenVerifier;
  captcha: Captcha;
  mailer: Mailer;
  outbox: Outbox;
  /** Seals secrets kept at rest (authenticator-app secrets, identity provider client secrets). */
  cipher: SecretCipher;
  /** Hosted sign-in through corporate providers: started sign-ins and the codes handed to the app. */
  hostedSignIn: HostedSignInStore;
}

/** One protocol request: the pool, the caller's IP (for captcha thresholds) and the request's logger. */
export interface OperationContext {
  pool: LocalPool;
  ip: string;
  log: FastifyBaseLogger;
}

export type Operation = (input: Record<string, unknown>, ctx: OperationContext) => Promise<object>;
