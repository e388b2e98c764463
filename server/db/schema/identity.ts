import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

/**
 * The local identity store, used only when no Cognito pool is configured.
 * Nothing here holds a secret in clear: passwords are scrypt hashes, tokens and codes keyed hashes.
 */
export const IDENTITY_USER_STATUSES = ["CONFIRMED", "FORCE_CHANGE_PASSWORD"] as const;
export type IdentityUserStatus = (typeof IDENTITY_USER_STATUSES)[number];

const at = () => timestamp({ withTimezone: true });

export const identityUsers = pgTable(
  "identity_users",
  {
    sub: uuid().primaryKey().defaultRandom(),
    /** The lower-cased e-mail address: sign-in is case-insensitive. */
    username: text().notNull().unique(),
    email: text().notNull(),
    /** `scrypt$N$r$p$salt$hash`: parameters travel with the hash so they can be raised later. */
    passwordHash: text().notNull(),
    status: text({ enum: IDENTITY_USER_STATUSES }).notNull(),
    createdAt: createdAt(),
    passwordChangedAt: at().notNull().defaultNow(),
  },
  (t) => [check("identity_users_status_check", sql`${t.status} in ('CONFIRMED', 'FORCE_CHANGE_PASSWORD')`)],
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

export const identityCodes = pgTable(
  "identity_codes",
  {
    id: id(),
    sub: uuid()
      .notNull()
      .references(() => identityUsers.sub, { onDelete: "cascade" }),
    purpose: text({ enum: ["reset_password"] }).notNull(),
    codeHash: text().notNull(),
    /** Wrong guesses against this code; it is burnt after a few so six digits cannot be brute-forced. */
    failedAttempts: integer().notNull().default(0),
    createdAt: createdAt(),
    expiresAt: at().notNull(),
    usedAt: at(),
  },
  (t) => [index("identity_codes_sub_idx").on(t.sub), check("identity_codes_purpose_check", sql`${t.purpose} in ('reset_password')`)],
);

/** Failed sign-ins and reset requests, counted per username and per IP to decide when a captcha is due. */
export const identityAttempts = pgTable(
  "identity_attempts",
  {
    id: id(),
    kind: text({ enum: ["sign_in", "reset"] }).notNull(),
    key: text().notNull(),
    at: at().notNull().defaultNow(),
  },
  (t) => [
    index("identity_attempts_kind_key_at_idx").on(t.kind, t.key, t.at),
    index("identity_attempts_at_idx").on(t.at),
    check("identity_attempts_kind_check", sql`${t.kind} in ('sign_in', 'reset')`),
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
