import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { queryRows } from "../../server/db/client";
import { DEMO_PASSWORD, seedDemoData } from "../../server/db/seed";
import { LOCAL_CLIENT_ID } from "../../server/identity/settings";
import { createTestDatabase } from "../support/test-app";
import { currentUser, latestMail, protocol, signInRaw } from "./identity-support";

/** Secrets stay secret: after every flow, neither the log nor the database holds a password, code or token in clear. */
let app: FastifyInstance;
let drop: () => Promise<void>;
const logLines: string[] = [];
const secrets: string[] = [DEMO_PASSWORD];

beforeAll(async () => {
  const config = loadConfig({ DATA_DIR: "./data-test-unused", LOG_LEVEL: "debug" }, "");
  const created = await createTestDatabase();
  drop = created.drop;
  await seedDemoData(created.database.db);
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({ config, database: created.database, spaRoot: "/nonexistent", logStream });
  await app.ready();
  await runEveryFlow();
});
afterAll(async () => {
  await app.close();
  await drop();
});

const ok = (res: { status: number; body: Record<string, unknown> }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

async function runEveryFlow() {
  const email = "reviewer@steward.test";
  const first = await signInRaw(app, email, DEMO_PASSWORD);
  secrets.push(first.AccessToken, first.IdToken, first.RefreshToken);
  expect((await currentUser(app, first.AccessToken)).statusCode).toBe(200);

  const wrong = "Wrong-Password-999";
  secrets.push(wrong);
  await protocol(app, "InitiateAuth", { AuthFlow: "USER_PASSWORD_AUTH", ClientId: LOCAL_CLIENT_ID, AuthParameters: { USERNAME: email, PASSWORD: wrong } });

  const refreshed = ok(await protocol(app, "GetTokensFromRefreshToken", { ClientId: LOCAL_CLIENT_ID, RefreshToken: first.RefreshToken }));
  const r = refreshed.AuthenticationResult as { AccessToken: string; IdToken: string };
  secrets.push(r.AccessToken, r.IdToken);
  ok(await protocol(app, "GetUser", { AccessToken: r.AccessToken }));

  ok(await protocol(app, "ForgotPassword", { ClientId: LOCAL_CLIENT_ID, Username: email }));
  const { code } = await latestMail(app, email);
  const reset = "Reset-Password-2026a";
  secrets.push(code!, reset);
  ok(await protocol(app, "ConfirmForgotPassword", { ClientId: LOCAL_CLIENT_ID, Username: email, ConfirmationCode: code, Password: reset }));

  const second = await signInRaw(app, email, reset);
  const changed = "Changed-Password-2026b";
  secrets.push(second.AccessToken, second.IdToken, second.RefreshToken, changed);
  ok(await protocol(app, "ChangePassword", { AccessToken: second.AccessToken, PreviousPassword: reset, ProposedPassword: changed }));

  const temporary = "Temporary-Pass-2026c";
  const chosen = "Chosen-Password-2026d";
  secrets.push(temporary, chosen);
  await app.identity.admin.createUser({ email: "secret-test@steward.test", temporaryPassword: temporary });
  const challenge = ok(
    await protocol(app, "InitiateAuth", {
      AuthFlow: "USER_PASSWORD_AUTH",
      ClientId: LOCAL_CLIENT_ID,
      AuthParameters: { USERNAME: "secret-test@steward.test", PASSWORD: temporary },
    }),
  );
  secrets.push(challenge.Session as string);
  const answered = ok(
    await protocol(app, "RespondToAuthChallenge", {
      ChallengeName: "NEW_PASSWORD_REQUIRED",
      ClientId: LOCAL_CLIENT_ID,
      Session: challenge.Session,
      ChallengeResponses: { USERNAME: "secret-test@steward.test", NEW_PASSWORD: chosen },
    }),
  );
  const third = answered.AuthenticationResult as { AccessToken: string; IdToken: string; RefreshToken: string };
  secrets.push(third.AccessToken, third.IdToken, third.RefreshToken);
  ok(await protocol(app, "RevokeToken", { ClientId: LOCAL_CLIENT_ID, Token: third.RefreshToken }));
  ok(await protocol(app, "GlobalSignOut", { AccessToken: second.AccessToken }));
  // A protected request that fails, so the 401 path is logged too.
  expect((await currentUser(app, second.AccessToken)).statusCode).toBe(401);
}

/** A secret "appears" when it stands alone: a 6-digit code inside a longer run of characters is a coincidence, not a leak. */
function appears(haystack: string, secret: string) {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![A-Za-z0-9_-])${escaped}(?![A-Za-z0-9_-])`).test(haystack);
}

describe("secrets", () => {
  it("never reach the log, which still says where a code went", async () => {
    const log = logLines.join("");
    expect(logLines.length).toBeGreaterThan(20);
    expect(log).toContain("reset code sent to r***@steward.test");
    expect(log).toContain("temporary password sent to s***@steward.test");
    for (const secret of secrets) expect(appears(log, secret), `log contains ${secret.slice(0, 12)}…`).toBe(false);
  });

  it("are not stored in clear: passwords are salted scrypt hashes, tokens and codes hashed", async () => {
    const tables = ["identity_users", "identity_sessions", "identity_codes", "identity_attempts", "identity_captcha_used", "users"];
    let dump = "";
    for (const table of tables) dump += JSON.stringify(await queryRows(app.db, sql.raw(`select * from ${table}`)));
    for (const secret of secrets) expect(appears(dump, secret), `database contains ${secret.slice(0, 12)}…`).toBe(false);

    const hashes = await queryRows<{ password_hash: string }>(app.db, sql`select password_hash from identity_users`);
    const salts = new Set<string>();
    for (const { password_hash } of hashes) {
      expect(password_hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
      salts.add(password_hash.split("$")[4]);
    }
    // Five demo users share a password, yet every hash has its own salt.
    expect(salts.size).toBe(hashes.length);
  });
});
