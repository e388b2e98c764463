import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/** The demo frameworks data: three frameworks on, some controls met with evidence. */
let t: TestApp;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);

beforeAll(async () => {
  t = await createTestApp({ demoApplications: true });
  await createOtherCompany(t.database.db);
  Object.assign(token, await signInCallers(t.app));
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("demo frameworks", () => {
  it("Demo Co carries the EU AI Act, ISO/IEC 42001 and the NIST AI RMF, with progress under way", async () => {
    const { items } = (await call("admin", "GET", "/frameworks?enabled=true")).json();
    expect(items.map((f: { id: string }) => f.id)).toEqual(["eu-ai-act", "iso-42001", "nist-ai-rmf"]);
    for (const f of items) expect(f.progress.implemented, f.id).toBeGreaterThan(0);
  });

  it("the contributor's Support chatbot has implemented controls with evidence, an overdue one and expired evidence", async () => {
    const apps = (await call("contributor", "GET", "/applications?q=Support")).json().items;
    const chatbot = apps.find((a: { name: string }) => a.name === "Support chatbot");
    const controls = (await call("contributor", "GET", `/applications/${chatbot.id}/controls`)).json().items;
    const implemented = controls.filter((c: { status: string }) => c.status === "implemented");
    expect(implemented.length).toBe(4);
    expect(implemented.every((c: { evidence_count: number }) => c.evidence_count === 1)).toBe(true);
    expect(controls.some((c: { overdue: boolean }) => c.overdue)).toBe(true);
    expect(controls.some((c: { expired_evidence_count: number }) => c.expired_evidence_count > 0)).toBe(true);
    expect(controls.some((c: { status: string; justification: string | null }) => c.status === "not_applicable" && c.justification)).toBe(true);
  });
});
