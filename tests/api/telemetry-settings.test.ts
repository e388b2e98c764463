import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { createTestApp, type TestApp } from "../support/test-app";
import { loadedTelemetry } from "../../server/telemetry/loaded";

/** The CSP's connect-src sources, in order. */
const connectSources = (csp: string) => /connect-src ([^;]+)/.exec(csp)?.[1].split(" ") ?? [];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    beforeReady: (app: FastifyInstance) => {
      app.get("/v2/telemetry-probe/fail", async () => {
        throw new Error("a bug");
      });
    },
  });
});
afterAll(async () => {
  await t?.close();
});

describe("telemetry with none of its settings", () => {
  it("loads no telemetry SDK, even when a request fails", async () => {
    expect((await t.app.inject({ method: "GET", url: "/v2/telemetry-probe/fail" })).statusCode).toBe(500);
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    expect(loadedTelemetry).toEqual({ sentry: false, openTelemetry: false, promClient: false });
    expect(t.app.tracing).toBeUndefined();
  });

  it("answers /metrics with 404, token or not, instead of falling through to the web app", async () => {
    for (const headers of [{}, { authorization: "Bearer some-token-0123456789" }]) {
      const res = await t.app.inject({ method: "GET", url: "/metrics", headers });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toContain("application/problem+json");
    }
  });

  it("logs no trace ids", async () => {
    expect(t.log.lines.length).toBeGreaterThan(0);
    for (const line of t.log.lines) expect(line).not.toMatch(/trace_id|span_id/);
  });

  it("lets the web app connect to its own origin only", async () => {
    const res = await t.app.inject({ method: "GET", url: "/config.json" });
    expect(connectSources(res.headers["content-security-policy"] as string)).toEqual(["'self'"]);
  });
});

describe("the content security policy with telemetry and flags configured", () => {
  it("adds exactly the Sentry ingest origin, the PostHog host and the flag service's origin", { timeout: 60_000 }, async () => {
    const configured = await createTestApp({
      seed: false,
      env: {
        SENTRY_DSN: "https://serverkey@o1.ingest.server.example/2",
        SENTRY_DSN_WEB: "https://webkey@o1.ingest.browser.example:8443/3",
        POSTHOG_KEY: "phc_test",
        POSTHOG_HOST: "https://eu.i.posthog.com",
        FLAGS_OFREP_URL: "https://flags.example/ofrep",
      },
    });
    try {
      const res = await configured.app.inject({ method: "GET", url: "/config.json" });
      const csp = res.headers["content-security-policy"] as string;
      expect(connectSources(csp)).toEqual(["'self'", "https://o1.ingest.browser.example:8443", "https://eu.i.posthog.com", "https://flags.example"]);
      // The DSN's key and project never appear; no remote scripts are allowed.
      expect(csp).not.toContain("webkey");
      expect(csp).toContain("script-src 'self';");
    } finally {
      await configured.close();
    }
  });

  it("uses the server's DSN for the browser when no browser DSN is set, and no PostHog host without a key", { timeout: 60_000 }, async () => {
    const configured = await createTestApp({ seed: false, env: { SENTRY_DSN: "https://serverkey@o1.ingest.server.example/2" } });
    try {
      const res = await configured.app.inject({ method: "GET", url: "/config.json" });
      expect(connectSources(res.headers["content-security-policy"] as string)).toEqual(["'self'", "https://o1.ingest.server.example"]);
    } finally {
      await configured.close();
    }
  });
});

describe("source maps of the web app", () => {
  it("are never served, while the bundles they belong to are", { timeout: 60_000 }, async () => {
    const root = await mkdtemp(path.join(tmpdir(), "steward-spa-"));
    await mkdir(path.join(root, "assets"));
    await writeFile(path.join(root, "index.html"), "<!doctype html><title>Steward</title>");
    await writeFile(path.join(root, "assets", "app-1a2b.js"), "console.log('app');");
    await writeFile(path.join(root, "assets", "app-1a2b.js.map"), '{"version":3,"sources":["src/secret-logic.ts"]}');
    const withBuild = await createTestApp({ seed: false, spaRoot: root });
    try {
      expect((await withBuild.app.inject({ method: "GET", url: "/assets/app-1a2b.js" })).statusCode).toBe(200);
      const map = await withBuild.app.inject({ method: "GET", url: "/assets/app-1a2b.js.map" });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain("secret-logic");
    } finally {
      await withBuild.close();
      await rm(root, { recursive: true, force: true });
    }
  });
});
