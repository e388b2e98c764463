import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../support/test-app";
import { signInRaw } from "./identity-support";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { loadedTelemetry } from "../../server/telemetry/loaded";
import { resourceGroups } from "../../server/db/schema";
import { documentUploads } from "../support/document-uploads";
import { v2Caller } from "../support/tenants";

const METRICS_TOKEN = "scrape-token-0123456789abcdef";
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN, RATE_LIMIT_MAX: "10" } });
  token = (await signInRaw(t.app, "admin@steward.test", DEMO_PASSWORD)).AccessToken;
});
afterAll(async () => {
  await t?.close();
});

const scrape = (authorization?: string) => t.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

/** The samples of one metric family, as `labels value` lines. */
function samples(body: string, name: string): string[] {
  return body.split("\n").filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

describe("/metrics with METRICS_TOKEN set", () => {
  it("refuses a scraper without the token, or with a wrong one", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789", `Basic ${METRICS_TOKEN}`, `Bearer ${METRICS_TOKEN}x`, `Bearer ${token}`]) {
      const res = await scrape(authorization);
      expect(res.statusCode).toBe(401);
      expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(res.headers["content-type"]).toContain("application/problem+json");
      expect(res.body).not.toContain("http_requests_total");
    }
  });

  it("counts requests and their latency by route template and status, and reports the pool, the queue and the sweep", async () => {
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: "GET", url: "/v2/applications", headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    }
    await t.app.inject({ method: "GET", url: "/v2/applications/00000000-0000-4000-8000-000000000000", headers: { authorization: `Bearer ${token}` } });
    const res = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    expect(loadedTelemetry.promClient).toBe(true);

    expect(samples(res.body, "http_requests_total")).toContain('http_requests_total{method="GET",route="/v2/applications",status="200"} 3');
    expect(samples(res.body, "http_requests_total")).toContain('http_requests_total{method="GET",route="/v2/applications/:id",status="404"} 1');
    expect(samples(res.body, "http_request_duration_seconds_count")).toContain(
      'http_request_duration_seconds_count{method="GET",route="/v2/applications",status="200"} 3',
    );
    // Labels carry templates, never an id from a URL.
    expect(res.body).not.toContain("00000000-0000-4000-8000-000000000000");
    // PostgreSQL: a pool of ten, used and idle connections and waiting queries; PGlite: its one connection.
    const pool = samples(res.body, "steward_db_pool_connections").map((line) => line.replace(/\} \d+$/, "}"));
    if (t.database.kind === "postgres") {
      expect(samples(res.body, "steward_db_pool_connections")).toContain('steward_db_pool_connections{state="max"} 10');
      expect(pool).toEqual(expect.arrayContaining(['steward_db_pool_connections{state="open"}', 'steward_db_pool_connections{state="idle"}', 'steward_db_pool_connections{state="waiting"}']));
    } else {
      expect(samples(res.body, "steward_db_pool_connections")).toEqual(['steward_db_pool_connections{state="max"} 1', 'steward_db_pool_connections{state="open"} 1']);
    }
    expect(samples(res.body, "steward_queue_depth")).toEqual(
      expect.arrayContaining(['steward_queue_depth{kind="document",status="waiting"} 0', 'steward_queue_depth{kind="test",status="waiting"} 0']),
    );
    for (const family of ["steward_queue_task_duration_seconds", "steward_notification_sweeps_total", "steward_notification_sweep_duration_seconds", "process_cpu_seconds_total"]) {
      expect(res.body).toContain(`# TYPE ${family} `);
    }
  });

  it("counts the monitoring sweep's rounds by outcome", async () => {
    // The sweep runs once the app is ready; its first round is this instance's.
    await expect.poll(async () => samples((await scrape(`Bearer ${METRICS_TOKEN}`)).body, "steward_notification_sweeps_total"), { timeout: 10_000 }).toContain(
      'steward_notification_sweeps_total{outcome="ran"} 1',
    );
  });

  it("times each processing item by kind and outcome, and shows the queue empty again", async () => {
    const [group] = await t.database.db.select().from(resourceGroups).where(eq(resourceGroups.name, "Customer AI"));
    const call = v2Caller(() => t.app, { admin: token });
    const created = await call("admin", "POST", "/applications", { name: "Measured", resource_group_id: group.id });
    expect(created.statusCode).toBe(201);
    const { addDocument, postForm, confirm } = documentUploads(() => t, call, () => created.json().id);
    const { document, upload } = await addDocument("Model card.pdf", "admin", "application/pdf");
    expect((await postForm(upload, Buffer.from("%PDF-1.4\n%%EOF\n"), "card.pdf")).statusCode).toBeLessThan(300);
    expect((await confirm(document.id, "admin")).statusCode).toBe(200);
    await t.app.documentWorker.wake();

    const body = (await scrape(`Bearer ${METRICS_TOKEN}`)).body;
    expect(samples(body, "steward_queue_task_duration_seconds_count")).toContain('steward_queue_task_duration_seconds_count{kind="document",outcome="done"} 1');
    expect(samples(body, "steward_queue_depth")).toContain('steward_queue_depth{kind="document",status="waiting"} 0');
  });

  it("is never rate limited and stays out of the API document", async () => {
    for (let i = 0; i < 8; i++) expect((await scrape(`Bearer ${METRICS_TOKEN}`)).statusCode).toBe(200);
    const doc = await t.app.inject({ method: "GET", url: "/v2/openapi.json" });
    expect(Object.keys(doc.json().paths)).not.toContain("/metrics");
  });
});
