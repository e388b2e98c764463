import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { MFA_TYPES } from "../../../domain/auth/mfa";

/**
 * The local identity store, used only when no Cognito pool is configured.
 * Nothing here holds a secret in clear: passwords are scrypt hashes, tokens and codes keyed hashes.
 */
export const IDENTITY_USER_STATUSES = ["CONFIRMED", "FORCE_CHANGE_PASSWORD", "UNCONFIRMED"] as const;
export type IdentityUserStatus = (typeof IDENTITY_USER_STATUSES)[number];

const at = () => timestamp({ withTimezone: true });

export const identityUsers = pgTable(
  "identity_users",
  {
    sub: uuid().primaryKey().defaultRandom(),
    /** The lower-cased e-mail address: sign-in is case-insensitive. */
    username: text().notNull().unique(),
    email: text().notNull(),
    /**
     * `scrypt$N$r$p$salt$hash`: parameters travel with the hash so they can be raised later.
     * Null for a user made by corporate sign-in, who has no password here until one is reset.
     */
    passwordHash: text(),
    status: text({ enum: IDENTITY_USER_STATUSES }).notNull(),
    createdAt: createdAt(),
    passwordChangedAt: at().notNull().defaultNow(),
    /** The authenticator app's secret, sealed with the identity secret cipher (owner: the sub); set when associated. */
    totpSecret: text(),
    /** True once a code from the associated secret has been verified. */
    totpEnabled: boolean().notNull().default(false),
    /** The last TOTP time step accepted: a code is good once, and never one older than the last. */
    totpLastStep: bigint({ mode: "number" }),
    emailMfaEnabled: boolean().notNull().default(false),
    preferredMfa: text({ enum: MFA_TYPES }),
    /** The corporate provider that created this user just in time (null: made by an Administrator). */
    federatedProviderId: uuid(),
  },
  (t) => [
    check("identity_users_status_check", sql`${t.status} in ('CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'UNCONFIRMED')`),
    check("identity_users_preferred_mfa_check", sql`${t.preferredMfa} in ('TOTP', 'SMS', 'EMAIL')`),
  ],
);

/** One row per sign-in: its id is the tokens' `origin_jti`, so revoking it revokes them all. */
export const identitySessions = pgTable(
  "identity_sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    sub: uuid()
      .notNull()
      .references(() => identityUsers.sub, { onDelete: "cascade" }),
    refreshTokenHash: text().notNull().unique(),
    clientId: text().notNull(),
    createdAt: createdAt(),
    expiresAt: at().notNull(),
    revokedAt: at(),
  },
  (t) => [index("identity_sessions_sub_idx").on(t.sub)],
);

/** What a one-time code is for: a password reset, an e-mail second factor, confirming a sign-up. */
export const IDENTITY_CODE_PURPOSES = ["reset_password", "email_mfa", "confirm_sign_up"] as const;
export type IdentityCodePurpose = (typeof IDENTITY_CODE_PURPOSES)[number];

export const identityCodes = pgTable(
  "identity_codes",
  {
    id: id(),
    sub: uuid()
      .notNull()
      .references(() => identityUsers.sub, { onDelete: "cascade" }),
    purpose: text({ enum: IDENTITY_CODE_PURPOSES }).notNull(),
    codeHash: text().notNull(),
    /** Wrong guesses against this code; it is burnt after a few so six digits cannot be brute-forced. */
    failedAttempts: integer().notNull().default(0),
    createdAt: createdAt(),
    expiresAt: at().notNull(),
    usedAt: at(),
  },
  (t) => [index("identity_codes_sub_idx").on(t.sub), check("identity_codes_purpose_check", sql`${t.purpose} in ('reset_password', 'email_mfa', 'confirm_sign_up')`)],
);

/** `mfa`: wrong second-factor codes, counted per user; enough of them lock the second step for a while. */
export const IDENTITY_ATTEMPT_KINDS = ["sign_in", "reset", "mfa"] as const;

/** Failed sign-ins and reset requests, counted per username and per IP to decide when a captcha is due. */
export const identityAttempts = pgTable(
  "identity_attempts",
  {
    id: id(),
    kind: text({ enum: IDENTITY_ATTEMPT_KINDS }).notNull(),
    key: text().notNull(),
    at: at().notNull().defaultNow(),
  },
  (t) => [
    index("identity_attempts_kind_key_at_idx").on(t.kind, t.key, t.at),
    index("identity_attempts_at_idx").on(t.at),
    check("identity_attempts_kind_check", sql`${t.kind} in ('sign_in', 'reset', 'mfa')`),
  ],
);

/** Captcha solutions already spent, by challenge signature: each solves exactly one request. */
export const identityCaptchaUsed = pgTable(
  "identity_captcha_used",
  {
    signature: text().primaryKey(),
    usedAt: at().notNull().defaultNow(),
  },
  (t) => [index("identity_captcha_used_used_at_idx").on(t.usedAt)],
);

/** A user's passkeys (WebAuthn credentials). The credential id is the key the authenticator names it by. */
export const identityWebauthnCredentials = pgTable(
  "identity_webauthn_credentials",
  {
    /** base64url, as WebAuthn's JSON forms carry it. */
    credentialId: text().primaryKey(),
    sub: uuid()
      .notNull()
      .references(() => identityUsers.sub, { onDelete: "cascade" }),
    /** COSE public key, base64url. */
    publicKey: text().notNull(),
    signCount: bigint({ mode: "number" }).notNull().default(0),
    transports: text().array().notNull().default(sql`'{}'::text[]`),
    /** The name the user gave it (or the authenticator's, from its AAGUID). */
    friendlyName: text().notNull(),
    relyingPartyId: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: at(),
  },
  (t) => [index("identity_webauthn_credentials_sub_idx").on(t.sub)],
);

/**
 * WebAuthn challenges handed out and not yet answered (registration, or sign-in without a Session to carry
 * them): each is spent by its first answer and lapses after 5 minutes.
 */
export const identityWebauthnChallenges = pgTable("identity_webauthn_challenges", {
  challenge: text().primaryKey(),
  sub: uuid()
    .notNull()
    .references(() => identityUsers.sub, { onDelete: "cascade" }),
  purpose: text({ enum: ["register", "authenticate"] }).notNull(),
  expiresAt: at().notNull(),
});

/**
 * Hosted sign-in through a corporate provider, between our /oauth2/authorize and the provider's answer
 * at /oauth2/idpresponse: the app's request (its redirect URI, state and PKCE challenge) and our own
 * request to the provider (state, nonce, PKCE verifier). Spent once; lapses after 3 minutes.
 */
export const identityOauthTransactions = pgTable(
  "identity_oauth_transactions",
  {
    id: id(),
    /** SHA-256 of the state sent to the provider (the provider echoes it back). */
    upstreamStateHash: text().notNull().unique(),
    /** Null for a "Test connection" round trip of settings not yet saved. */
    providerId: uuid(),
    clientId: text().notNull(),
    redirectUri: text().notNull(),
    /** The app's own state, returned to it unchanged. */
    clientState: text().notNull(),
    codeChallenge: text().notNull(),
    nonce: text().notNull(),
    /** Our PKCE verifier towards the provider, sealed with the identity secret cipher. */
    upstreamVerifier: text().notNull(),
    /** Set when this is an Administrator's "Test connection" round trip instead of a sign-in. */
    providerTestId: uuid(),
    /** Set when the person is confirming an Administrator's link to the provider instead of signing in. */
    identityLinkId: uuid(),
    createdAt: createdAt(),
    expiresAt: at().notNull(),
    usedAt: at(),
  },
  (t) => [index("identity_oauth_transactions_expires_at_idx").on(t.expiresAt)],
);

/** Authorization codes our /oauth2/authorize hands the app; redeemed once at /oauth2/token with the PKCE verifier. */
export const identityOauthCodes = pgTable(
  "identity_oauth_codes",
  {
    codeHash: text().primaryKey(),
    sub: uuid()
      .notNull()
      .references(() => identityUsers.sub, { onDelete: "cascade" }),
    clientId: text().notNull(),
    redirectUri: text().notNull(),
    codeChallenge: text().notNull(),
    providerId: uuid().notNull(),
    createdAt: createdAt(),
    expiresAt: at().notNull(),
    usedAt: at(),
  },
  (t) => [index("identity_oauth_codes_expires_at_idx").on(t.expiresAt)],
);
