import { afterEach, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { createTestApp, type TestApp } from "../support/test-app";
import { signInRaw } from "./identity-support";

const LIMIT = 5;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function start(env: Record<string, string> = {}) {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: String(LIMIT), ...env } });
  return t.app;
}

function expectTooMany(res: { statusCode: number; headers: Record<string, unknown>; json(): any }) {
  expect(res.statusCode).toBe(429);
  expect(res.headers["content-type"]).toContain("application/problem+json");
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  expect(res.json()).toMatchObject({ status: 429, request_id: res.headers["x-request-id"] });
}

describe("rate limits", { timeout: 120_000 }, () => {
  it("counts a forged X-Forwarded-For from an untrusted peer against the peer itself", async () => {
    const app = await start();
    for (let i = 0; i < LIMIT; i++) {
      const ok = await app.inject({ method: "GET", url: "/v2/openapi.json", headers: { "x-forwarded-for": `10.0.0.${i}` } });
      expect(ok.statusCode).toBe(200);
    }
    expectTooMany(await app.inject({ method: "GET", url: "/v2/openapi.json", headers: { "x-forwarded-for": "10.0.0.99" } }));
  });

  it("uses the forwarded address when TRUST_PROXY names the peer", async () => {
    const app = await start({ TRUST_PROXY: "127.0.0.1" });
    for (let i = 0; i < LIMIT * 2; i++) {
      const ok = await app.inject({ method: "GET", url: "/v2/openapi.json", headers: { "x-forwarded-for": `10.0.0.${i}` } });
      expect(ok.statusCode).toBe(200);
    }
  });

  it("never limits the web app's files", async () => {
    const app = await start();
    for (let i = 0; i < LIMIT * 2; i++) {
      const res = await app.inject({ method: "GET", url: "/assets/index-abc123.js" });
      expect(res.statusCode).not.toBe(429);
    }
  });

  it("gives two users from one address separate budgets, and a 429 problem also on a multipart route", async () => {
    const app = await start();
    const admin = (await signInRaw(app, "admin@steward.test", DEMO_PASSWORD, "10.1.0.1")).AccessToken;
    const reviewer = (await signInRaw(app, "reviewer@steward.test", DEMO_PASSWORD, "10.1.0.2")).AccessToken;
    for (let i = 0; i < LIMIT; i++) {
      for (const token of [admin, reviewer]) {
        const res = await app.inject({ method: "GET", url: "/v2/access/user", headers: { authorization: `Bearer ${token}` } });
        expect(res.statusCode).toBe(200);
      }
    }
    expectTooMany(await app.inject({ method: "GET", url: "/v2/access/user", headers: { authorization: `Bearer ${admin}` } }));
    const boundary = "----steward";
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--${boundary}--\r\n`;
    expectTooMany(
      await app.inject({
        method: "POST",
        url: "/v2/company/logo",
        headers: { authorization: `Bearer ${admin}`, "content-type": `multipart/form-data; boundary=${boundary}` },
        payload,
      }),
    );
  });

  it("answers a malformed request 429 once the budget is spent, before it is validated", async () => {
    const app = await start();
    const admin = { authorization: `Bearer ${(await signInRaw(app, "admin@steward.test", DEMO_PASSWORD, "10.3.0.1")).AccessToken}` };
    expect((await app.inject({ method: "GET", url: "/v2/applications?no_such_filter=1", headers: admin })).statusCode).toBe(400);
    for (let i = 1; i < LIMIT; i++) {
      expect((await app.inject({ method: "GET", url: "/v2/access/user", headers: admin })).statusCode).toBe(200);
    }
    expectTooMany(await app.inject({ method: "GET", url: "/v2/applications?no_such_filter=1", headers: admin }));
    expectTooMany(await app.inject({ method: "POST", url: "/v2/applications", headers: { ...admin, "content-type": "application/json" }, payload: "{not json" }));
  });

  it("slows token guessing per address, while a valid token from that address still passes", async () => {
    const app = await start();
    const admin = (await signInRaw(app, "admin@steward.test", DEMO_PASSWORD, "10.2.0.1")).AccessToken;
    const guess = { authorization: "Bearer not-a-token" };
    for (let i = 0; i < LIMIT; i++) {
      expect((await app.inject({ method: "GET", url: "/v2/applications", headers: guess })).statusCode).toBe(401);
    }
    const limited = await app.inject({ method: "GET", url: "/v2/applications", headers: guess });
    expectTooMany(limited);
    expect(limited.json().detail).toMatch(/without a valid access token/);
    const valid = await app.inject({ method: "GET", url: "/v2/access/user", headers: { authorization: `Bearer ${admin}` } });
    expect(valid.statusCode).toBe(200);
  });
});

describe("response headers", { timeout: 120_000 }, () => {
  it("marks API answers, errors included, no-store and sends HSTS only over https", async () => {
    const app = await start({ TRUST_PROXY: "127.0.0.1" });
    const plain = await app.inject({ method: "GET", url: "/v2/access/user" });
    expect(plain.statusCode).toBe(401);
    expect(plain.headers["cache-control"]).toBe("no-store");
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    expect(plain.json().request_id).toBe(plain.headers["x-request-id"]);
    const secure = await app.inject({ method: "GET", url: "/v2/openapi.json", headers: { "x-forwarded-proto": "https" } });
    expect(secure.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("replaces an unsafe incoming X-Request-Id with its own", async () => {
    const app = await start();
    const res = await app.inject({ method: "GET", url: "/v2/openapi.json", headers: { "x-request-id": "evil\nid with spaces" } });
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});
