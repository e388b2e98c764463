import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { signInRaw } from "./identity-support";
import { startOtlpReceiver, type OtlpReceiver } from "../support/telemetry-receivers";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { applications, users } from "../../server/db/schema";
import { loadedTelemetry } from "../../server/telemetry/loaded";

let otlp: OtlpReceiver;
let t: TestApp;
let token: string;
beforeAll(async () => {
  otlp = await startOtlpReceiver();
  t = await createTestApp({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint, APP_ENV: "dev" }, demoApplications: true });
  token = (await signInRaw(t.app, "admin@steward.test", DEMO_PASSWORD)).AccessToken;
});
afterAll(async () => {
  await t?.close();
  await otlp.close();
});

describe("traces with OTEL_EXPORTER_OTLP_ENDPOINT set", () => {
  it("exports one server span per request, named by its route template, with the caller's user and company", async () => {
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, "admin@steward.test"));
    const [application] = await t.database.db.select().from(applications).where(eq(applications.companyId, admin.companyId)).limit(1);
    const res = await t.app.inject({ method: "GET", url: `/v2/applications/${application.id}`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const missing = await t.app.inject({ method: "GET", url: "/v2/no-such-thing" });
    expect(missing.statusCode).toBe(404);
    expect(loadedTelemetry.openTelemetry).toBe(true);

    await t.app.tracing?.flush();
    await otlp.waitFor(() => otlp.spans().some((s) => s.attributes["http.route"] === "/v2/applications/:id"));
    const spans = otlp.spans().filter((s) => s.attributes["http.route"] === "/v2/applications/:id");
    expect(spans).toHaveLength(1);
    const [span] = spans;
    expect(span.name).toBe("GET /v2/applications/:id");
    expect(span.kind).toBe(2); // SERVER
    expect(span.attributes).toMatchObject({
      "http.request.method": "GET",
      "http.response.status_code": 200,
      "enduser.id": admin.id,
      "steward.company_id": admin.companyId,
    });
    expect(span.resource).toMatchObject({ "service.name": "steward", "deployment.environment.name": "dev" });

    // No route matched: one label for all of them, never the raw path; nobody signed in.
    const unmatched = otlp.spans().find((s) => s.attributes["url.path"] === "/v2/no-such-thing");
    expect(unmatched?.attributes["http.route"]).toBe("(unmatched)");
    expect(unmatched?.attributes["http.response.status_code"]).toBe(404);
    expect(unmatched?.attributes["enduser.id"]).toBeUndefined();
  });

  it("puts the request's trace and span ids on its log lines", async () => {
    const res = await t.app.inject({ method: "GET", url: "/v2/applications", headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const requestId = res.headers["x-request-id"];
    const lines = t.log.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.reqId === requestId);
    expect(lines.length).toBeGreaterThan(0);
    await t.app.tracing?.flush();
    await otlp.waitFor(() => otlp.spans().some((s) => s.name === "GET /v2/applications"));
    const span = otlp.spans().filter((s) => s.name === "GET /v2/applications").at(-1)!;
    for (const line of lines) expect(line).toMatchObject({ trace_id: span.traceId, span_id: span.spanId });
  });
});
