import { randomBytes, randomUUID } from "node:crypto";
import { SignJWT, jwtVerify, createLocalJWKSet, type JWTPayload } from "jose";
import type { SigningKey } from "./keys";

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_TOKEN_DAYS = 30;
/** Cognito's sign-in session (between InitiateAuth and RespondToAuthChallenge) lasts 3 minutes. */
export const CHALLENGE_SESSION_SECONDS = 180;
export const COGNITO_SCOPE = "aws.cognito.signin.user.admin";

export interface TokenSubject {
  sub: string;
  username: string;
  email: string;
}

export interface AuthenticationResult {
  AccessToken: string;
  IdToken: string;
  RefreshToken?: string;
  ExpiresIn: number;
  TokenType: "Bearer";
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Signs the local pool's tokens with Cognito's claims, so the browser and the verifier treat both pools alike. */
export class TokenIssuer {
  constructor(
    private readonly key: SigningKey,
    readonly issuer: string,
    readonly clientId: string,
  ) {}

  async issue(user: TokenSubject, session: { id: string; createdAt: Date }): Promise<AuthenticationResult> {
    const now = Math.floor(Date.now() / 1000);
    const common = { origin_jti: session.id, event_id: randomUUID(), auth_time: seconds(session.createdAt) };
    const sign = (claims: JWTPayload) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: this.key.kid })
        .setIssuer(this.issuer)
        .setSubject(user.sub)
        .setIssuedAt(now)
        .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
        .setJti(randomUUID())
        .sign(this.key.privateKey);
    const [AccessToken, IdToken] = await Promise.all([
      sign({ ...common, token_use: "access", scope: COGNITO_SCOPE, client_id: this.clientId, username: user.username }),
      sign({
        ...common,
        token_use: "id",
        aud: this.clientId,
        email: user.email,
        email_verified: true,
        "cognito:username": user.username,
      }),
    ]);
    return { AccessToken, IdToken, ExpiresIn: ACCESS_TOKEN_SECONDS, TokenType: "Bearer" };
  }

  /**
   * A client_credentials access token with Cognito's claims for that grant: the client is its own
   * subject, and there is no user, session (origin_jti) or id token.
   */
  issueClientCredentials(clientId: string, scope: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ token_use: "access", scope, client_id: clientId, auth_time: now, version: 2 })
      .setProtectedHeader({ alg: "RS256", kid: this.key.kid })
      .setIssuer(this.issuer)
      .setSubject(clientId)
      .setIssuedAt(now)
      .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
      .setJti(randomUUID())
      .sign(this.key.privateKey);
  }

  /**
   * The opaque `Session` between sign-in steps: signed, short-lived, never accepted as an access token. It names
   * the challenge it answers, so a Session handed out for one step cannot answer another; `jti` lets a step
   * spend it once, and `claims` carry what the step needs (the e-mailed code's id, setup progress).
   */
  challengeSession(user: TokenSubject, challenge?: string, claims: ChallengeClaims = {}): Promise<string> {
    return new SignJWT({ ...claims, token_use: "challenge", username: user.username, client_id: this.clientId, ...(challenge ? { challenge } : {}) })
      .setProtectedHeader({ alg: "RS256", kid: this.key.kid })
      .setIssuer(this.issuer)
      .setSubject(user.sub)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${CHALLENGE_SESSION_SECONDS}s`)
      .sign(this.key.privateKey);
  }

  /** The session's subject, username, challenge and claims, or null when it is forged, expired or not a challenge session. */
  async readChallengeSession(session: string): Promise<ChallengeSession | null> {
    try {
      const { payload } = await jwtVerify(session, createLocalJWKSet({ keys: [this.key.publicJwk] }), {
        issuer: this.issuer,
        algorithms: ["RS256"],
      });
      if (payload.token_use !== "challenge" || payload.client_id !== this.clientId) return null;
      if (typeof payload.sub !== "string" || typeof payload.username !== "string") return null;
      const text = (value: unknown) => (typeof value === "string" ? value : undefined);
      return {
        sub: payload.sub,
        username: payload.username,
        challenge: text(payload.challenge),
        jti: text(payload.jti),
        codeId: text(payload.codeId),
        setup: payload.setup === true,
        verified: payload.verified === true,
        firstFactor: text(payload.firstFactor),
        hosted: hostedReturn(payload.hosted),
        exp: typeof payload.exp === "number" ? payload.exp : 0,
      };
    } catch {
      return null;
    }
  }
}

/** What a challenge Session may carry besides its user and challenge. */
export interface ChallengeClaims {
  /** EMAIL_OTP: the identity_codes row of the code that was e-mailed. */
  codeId?: string;
  /** EMAIL_OTP answering MFA_SETUP: a right code turns e-mail codes on. */
  setup?: boolean;
  /** MFA_SETUP: VerifySoftwareToken accepted a code from the new authenticator app. */
  verified?: boolean;
  /** How the user proved who they are before this step (PASSWORD, EMAIL_OTP, WEB_AUTHN, FEDERATED). */
  firstFactor?: string;
  /** A corporate sign-in's second step: where its code goes once the step is answered. */
  hosted?: HostedReturn;
}

/** The app's hosted sign-in request a federated second step finishes: its code is bound to these. */
export interface HostedReturn {
  clientId: string;
  redirectUri: string;
  clientState: string;
  codeChallenge: string;
  providerId: string;
}

const HOSTED_KEYS = ["clientId", "redirectUri", "clientState", "codeChallenge", "providerId"] as const;
const hostedReturn = (value: unknown): HostedReturn | undefined =>
  value && typeof value === "object" && HOSTED_KEYS.every((k) => typeof (value as Record<string, unknown>)[k] === "string") ? (value as HostedReturn) : undefined;

export interface ChallengeSession extends Required<Pick<ChallengeClaims, "setup" | "verified">> {
  sub: string;
  username: string;
  challenge?: string;
  jti?: string;
  codeId?: string;
  firstFactor?: string;
  hosted?: HostedReturn;
  /** Expiry, in seconds since the epoch. */
  exp: number;
}

/** 256 random bits: the refresh token is opaque, as Cognito's is to its clients; only its SHA-256 is stored. */
export function newRefreshToken(): string {
  return randomBytes(32).toString("base64url");
}
