import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { identityOauthCodes, identityOauthTransactions } from "../../db/schema";
import type { SecretCipher } from "../../files/secret-cipher";

/** A started hosted sign-in lasts as long as the browser keeps its own state: 3 minutes. */
export const TRANSACTION_SECONDS = 180;
/** Authorization codes are redeemed at once by the app; like Cognito's, they lapse after 5 minutes. */
export const CODE_SECONDS = 300;

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");
const transactionOwner = (id: string) => `oauth-transaction/${id}`;

export type TransactionRow = typeof identityOauthTransactions.$inferSelect;

/** What the app asked /oauth2/authorize for, and our own request to the provider. */
export interface NewTransaction {
  providerId: string | null;
  providerTestId?: string;
  /** A person confirming an Administrator's link to the provider (no code for the app follows). */
  identityLinkId?: string;
  clientId: string;
  redirectUri: string;
  clientState: string;
  codeChallenge: string;
  /** Ours towards the provider. */
  state: string;
  nonce: string;
  verifier: string;
}

/** A transaction as the provider's answer finds it: the PKCE verifier opened again. */
export interface OpenTransaction extends TransactionRow {
  verifier: string;
  expired: boolean;
}

/** Between /oauth2/authorize and /oauth2/idpresponse, and the codes handed to the app after it. */
export class HostedSignInStore {
  constructor(
    private readonly db: Db,
    private readonly cipher: SecretCipher,
  ) {}

  async begin(t: NewTransaction): Promise<void> {
    const id = randomUUID();
    await this.db.insert(identityOauthTransactions).values({
      id,
      upstreamStateHash: sha256(t.state),
      providerId: t.providerId,
      providerTestId: t.providerTestId ?? null,
      identityLinkId: t.identityLinkId ?? null,
      clientId: t.clientId,
      redirectUri: t.redirectUri,
      clientState: t.clientState,
      codeChallenge: t.codeChallenge,
      nonce: t.nonce,
      upstreamVerifier: this.cipher.encrypt(t.verifier, transactionOwner(id)),
      expiresAt: new Date(Date.now() + TRANSACTION_SECONDS * 1000),
    });
    // Lapsed transactions are of no use to anyone: each new one sweeps them.
    await this.db.delete(identityOauthTransactions).where(lt(identityOauthTransactions.expiresAt, new Date(Date.now() - TRANSACTION_SECONDS * 1000)));
  }

  /**
   * Spends the transaction the provider's `state` names: a second answer with the same state finds nothing.
   * An expired one is spent too, and returned marked so the app can be told to start again.
   */
  async take(state: string): Promise<OpenTransaction | null> {
    const [row] = await this.db
      .update(identityOauthTransactions)
      .set({ usedAt: new Date() })
      .where(and(eq(identityOauthTransactions.upstreamStateHash, sha256(state)), isNull(identityOauthTransactions.usedAt)))
      .returning();
    if (!row) return null;
    const verifier = this.cipher.decrypt(row.upstreamVerifier, transactionOwner(row.id));
    if (verifier === null) return null;
    return { ...row, verifier, expired: row.expiresAt.getTime() <= Date.now() };
  }

  /** A single-use code for the app, bound to its client, redirect URI and PKCE challenge. */
  async issueCode(input: { sub: string; clientId: string; redirectUri: string; codeChallenge: string; providerId: string }): Promise<string> {
    const code = randomBytes(32).toString("base64url");
    await this.db.insert(identityOauthCodes).values({ codeHash: sha256(code), ...input, expiresAt: new Date(Date.now() + CODE_SECONDS * 1000) });
    await this.db.delete(identityOauthCodes).where(lt(identityOauthCodes.expiresAt, new Date(Date.now() - CODE_SECONDS * 1000)));
    return code;
  }

  /** Spends a live code; null when it is unknown, used or expired. */
  async redeemCode(code: string) {
    const [row] = await this.db
      .update(identityOauthCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(identityOauthCodes.codeHash, sha256(code)), isNull(identityOauthCodes.usedAt), gt(identityOauthCodes.expiresAt, new Date())))
      .returning();
    return row ?? null;
  }
}

/** RFC 7636 S256: BASE64URL(SHA-256(verifier)) against the stored challenge, compared in constant time. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash("sha256").update(verifier).digest("base64url"));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
