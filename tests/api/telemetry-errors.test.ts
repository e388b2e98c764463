import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { createTestApp, type TestApp } from "../support/test-app";
import { signInRaw } from "./identity-support";
import { startSentryReceiver, type SentryReceiver } from "../support/telemetry-receivers";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { users } from "../../server/db/schema";
import { loadedTelemetry } from "../../server/telemetry/loaded";

/** A route that fails the way a bug does, with personal data and SQL in its message that must not travel. */
const FAILING = "/v2/telemetry-probe/:id/fail";
function addFailingRoute(app: FastifyInstance) {
  app.post(FAILING, { onRequest: app.authenticate }, async () => {
    throw new Error("could not save for admin@steward.test: Failed query: select * from users where email = $1");
  });
}

let sentry: SentryReceiver;
let t: TestApp | undefined;
let token: string;
beforeAll(async () => {
  sentry = await startSentryReceiver();
});
afterAll(async () => {
  await t?.close();
  await sentry.close();
});

/** One app per case: closing it flushes the reporter, so what arrived afterwards is all that will. */
async function withApp(fn: (app: TestApp) => Promise<void>) {
  t = await createTestApp({ env: { SENTRY_DSN: sentry.dsn, APP_ENV: "stg" }, beforeReady: addFailingRoute });
  token = (await signInRaw(t.app, "admin@steward.test", DEMO_PASSWORD)).AccessToken;
  try {
    await fn(t);
  } finally {
    await t.close();
    t = undefined;
  }
}

describe("error reporting with SENTRY_DSN set", () => {
  it("reports a 500 once, with route, method, status, request id and who asked, and nothing secret", { timeout: 60_000 }, async () => {
    sentry.requests.length = 0;
    let requestId = "";
    let ids = { user: "", company: "" };
    await withApp(async ({ app, database }) => {
      const [admin] = await database.db.select().from(users).where(eq(users.email, "admin@steward.test"));
      ids = { user: admin.id, company: admin.companyId };
      const res = await app.inject({
        method: "POST",
        url: "/v2/telemetry-probe/3f0c1c7e-1111-4222-8333-444455556666/fail?email=admin@steward.test",
        headers: { authorization: `Bearer ${token}`, cookie: "session=cookie-secret-value" },
        payload: { password: DEMO_PASSWORD, answer: "body-secret-value" },
      });
      expect(res.statusCode).toBe(500);
      expect(loadedTelemetry.sentry).toBe(true);
      requestId = res.headers["x-request-id"] as string;
      await sentry.waitFor((requests) => requests.length >= 1);
    });
    const events = sentry.events();
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event.tags).toMatchObject({ route: FAILING, method: "POST", status: "500", request_id: requestId });
    expect(event.environment).toBe("stg");
    expect(event.user).toEqual({ id: ids.user });
    expect((event.contexts as Record<string, unknown>).company).toEqual({ id: ids.company });
    const exception = (event.exception as { values: Array<{ type: string; value: string }> }).values[0];
    expect(exception.type).toBe("Error");
    expect(exception.value).toContain("could not save");

    const raw = sentry.envelopes().map((e) => e.raw).join("\n");
    for (const secret of [token, DEMO_PASSWORD, "admin@steward.test", "cookie-secret-value", "body-secret-value", "Bearer ", "select * from users", "3f0c1c7e-1111"]) {
      expect(raw).not.toContain(secret);
    }
  });

  it("reports nothing for answers that are not server failures", { timeout: 60_000 }, async () => {
    sentry.requests.length = 0;
    await withApp(async ({ app }) => {
      expect((await app.inject({ method: "GET", url: "/v2/no-such-thing" })).statusCode).toBe(404);
      expect((await app.inject({ method: "GET", url: "/v2/applications" })).statusCode).toBe(401);
      const bad = await app.inject({ method: "POST", url: "/v2/applications", headers: { authorization: `Bearer ${token}` }, payload: { name: 7 } });
      expect(bad.statusCode).toBe(400);
    });
    expect(sentry.events()).toEqual([]);
  });

  it("reports a 503 the lost database caused, tagged with its route", { timeout: 60_000 }, async () => {
    sentry.requests.length = 0;
    await withApp(async ({ app, database }) => {
      await database.close();
      const res = await app.inject({ method: "GET", url: "/v2/applications", headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(503);
      await sentry.waitFor((requests) => requests.length >= 1);
    });
    const events = sentry.events();
    expect(events).toHaveLength(1);
    expect(events[0].tags).toMatchObject({ route: "/v2/applications", method: "GET", status: "503" });
  });

  it("does not report the 503s of maintenance mode: they are on purpose", { timeout: 60_000 }, async () => {
    sentry.requests.length = 0;
    const m = await createTestApp({ env: { SENTRY_DSN: sentry.dsn, MAINTENANCE_MODE: "true" }, seed: false });
    try {
      expect((await m.app.inject({ method: "GET", url: "/v2/applications" })).statusCode).toBe(503);
    } finally {
      await m.close();
    }
    expect(sentry.events()).toEqual([]);
  });
});
