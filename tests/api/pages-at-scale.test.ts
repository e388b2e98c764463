import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { growDemoCompany, type ScaleFixture, type ScaleSize } from "../support/scale/fixture";
import { CALLERS, MAX_BYTES, requestsOf, type CallerKey, type Samples } from "../support/scale/page-requests";
import { createTestApp, type TestApp } from "../support/test-app";
import { signInRaw } from "./identity-support";

/**
 * Every GET a main page makes, for an Administrator, a Reviewer and a Contributor, with the demo company grown
 * to 10,000 applications (a third with control records) and the Contributor's group to 2,500: each answers 2xx
 * within 1 MB. A functional guard, not a timing: no page may quietly start pulling the inventory again.
 * `npm run bench:pages` times the same requests at 100,000 applications on PostgreSQL.
 */
const SIZE: ScaleSize = { applications: 10_000, evidence: 10_000, notifications: 2_000, incidents: 200, auditEntries: 2_000, assessments: false, contributorApplications: 2_500 };

let t: TestApp;
let fixture: ScaleFixture;
const tokens = {} as Record<CallerKey, string>;

beforeAll(async () => {
  t = await createTestApp({ demoApplications: true });
  fixture = await growDemoCompany(t.database.db, SIZE);
  for (const caller of CALLERS) tokens[caller.key] = (await signInRaw(t.app, caller.email, DEMO_PASSWORD)).AccessToken;
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const samples = (): Samples => ({ applicationId: fixture.sampleApplicationId, incidentId: fixture.sampleIncidentId, vendorId: fixture.sampleVendorId, frameworkId: "eu-ai-act" });

describe("every page at 10,000 applications", () => {
  it("has the data it is meant to have", () => {
    expect(fixture.rows.applications).toBeGreaterThanOrEqual(SIZE.applications);
    // About a third of the applications have one row per control their tier needs: tens of thousands of rows.
    expect(fixture.rows.application_controls).toBeGreaterThan(50_000);
    expect(fixture.rows.control_evidence).toBeGreaterThanOrEqual(SIZE.evidence);
    expect(fixture.rows.contributor_group).toBeGreaterThanOrEqual(SIZE.contributorApplications);
  });

  it("keeps the audit chain whole: the fixture's entries verify", async () => {
    const res = await t.app.inject({ method: "GET", url: "/v2/audit/verify", headers: { authorization: `Bearer ${tokens.administrator}` } });
    expect(res.json()).toMatchObject({ ok: true, entries: fixture.rows.audit_log });
  });

  for (const caller of CALLERS) {
    describe(caller.label, () => {
      for (const request of requestsOf(caller.key)) {
        it(`${request.page}: 2xx within 1 MB`, async () => {
          const url = `/v2${request.path(samples())}`;
          const res = await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${tokens[caller.key]}` } });
          const size = res.rawPayload.byteLength;
          const failed = res.statusCode < 200 || res.statusCode >= 300;
          // On a failure, the server's own account of it: the error it logged for this request.
          const requestId = failed ? /"request_id":"([^"]+)"/.exec(res.body)?.[1] : undefined;
          const logged = requestId ? t.log.lines.filter((line) => line.includes(requestId) && /"level":(50|60)/.test(line)).join("\n").slice(0, 600) : "";
          expect(failed, `GET ${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}\n${logged}`).toBe(false);
          expect(size, `GET ${url} answered ${size.toLocaleString("en")} bytes`).toBeLessThanOrEqual(MAX_BYTES);
        }, 60_000);
      }
    });
  }
});
