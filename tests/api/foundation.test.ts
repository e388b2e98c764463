import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("health and readiness", () => {
  it("answers /healthz while the process is up", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("answers /readyz once the database has every migration", async () => {
    const res = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(200);
  });
});

describe("problem+json errors", () => {
  it("answers an unknown /v2 path with a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/v2/no-such-thing" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(res.json()).toMatchObject({ type: "about:blank", title: "Not Found", status: 404 });
  });

  it("answers an unknown page path without a build with a 404 too", async () => {
    const res = await t.app.inject({ method: "GET", url: "/anything.js" });
    expect(res.statusCode).toBe(404);
  });
});

describe("client configuration", () => {
  it("tells the browser where the local identity service is", async () => {
    const res = await t.app.inject({ method: "GET", url: "/config.json" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.auth.userPoolId).toContain("_");
    expect(body.auth.userPoolEndpoint).toBe("/identity");
    expect(body.maintenance).toBe(false);
    expect(body.idleTimeoutMinutes).toBe(30);
  });
});

describe("OpenAPI", () => {
  it("serves the document and the UI", async () => {
    const doc = await t.app.inject({ method: "GET", url: "/v2/openapi.json" });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toMatch(/^3\./);
    expect(Object.keys(doc.json().paths)).toContain("/healthz");
    const ui = await t.app.inject({ method: "GET", url: "/v2/docs/" });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain("swagger");
  });
});

describe("security headers", () => {
  it("sends a content security policy that allows only our own scripts", async () => {
    const res = await t.app.inject({ method: "GET", url: "/config.json" });
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("maintenance mode", () => {
  it("answers /v2 with 503 while the health check stays up", async () => {
    const m = await createTestApp({ env: { MAINTENANCE_MODE: "true" }, seed: false });
    try {
      const api = await m.app.inject({ method: "GET", url: "/v2/anything" });
      expect(api.statusCode).toBe(503);
      expect(api.json().detail).toMatch(/maintenance/);
      expect((await m.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      expect((await m.app.inject({ method: "GET", url: "/config.json" })).json().maintenance).toBe(true);
    } finally {
      await m.close();
    }
  });
});
