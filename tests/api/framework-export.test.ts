import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EU_AI_ACT } from "../../domain/frameworks";
import { NIST_AI_RMF } from "../../domain/frameworks/nist-ai-rmf";
import { users } from "../../server/db/schema";
import { readOscalCatalog } from "../../server/frameworks/oscal";
import { xlsxRows } from "../support/files";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers } from "../support/tenants";

/** GET /v2/frameworks/{id}/export: the framework as an OSCAL catalog or a workbook. */
let t: TestApp;
const token: Record<string, string> = {};

const get = (who: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: `/v2${url}`, headers: { authorization: `Bearer ${token[who]}`, ...headers } });

beforeAll(async () => {
  t = await createTestApp();
  await createOtherCompany(t.database.db);
  Object.assign(token, await signInCallers(t.app));
  // The reviewer reads Spanish: the workbook's headers come in their language.
  await t.database.db.update(users).set({ language: "es" }).where(eq(users.email, "reviewer@steward.test"));
});
afterAll(async () => {
  await t?.close();
});

const TOKEN = /^[a-z_][a-z0-9_.-]*$/;

describe("the OSCAL catalog", () => {
  it("has the catalog model's required fields, token ids with their original id as label, and the mapped controls under Steward's namespace", async () => {
    const res = await get("admin", `/frameworks/${NIST_AI_RMF.id}/export?format=oscal`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["content-disposition"]).toContain(`NIST-AI-RMF-${NIST_AI_RMF.version}-oscal-catalog.json`);
    const { catalog } = res.json();
    expect(catalog.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(catalog.metadata).toMatchObject({ title: NIST_AI_RMF.name, version: NIST_AI_RMF.version, "oscal-version": "1.1.2", "last-modified": "2026-11-01T00:00:00Z" });
    expect(catalog.metadata.links).toEqual([{ href: "https://doi.org/10.6028/NIST.AI.100-1", rel: "source", text: "NIST AI RMF" }]);
    expect(catalog.groups.map((g: { title: string }) => g.title)).toEqual(["GOVERN", "MAP", "MEASURE", "MANAGE"]);
    const map1 = catalog.groups[1].groups[0];
    expect(map1).toMatchObject({ id: "map-1", title: "Context is established and understood", props: [{ name: "label", value: "MAP 1" }] });
    const first = map1.controls[0];
    expect(first).toMatchObject({ id: "map-1.1", class: "requirement", title: "Purpose and context" });
    expect(first.props.filter((p: { ns?: string }) => !p.ns)).toEqual([
      { name: "label", value: "MAP-1.1" },
      { name: "sort-id", value: "0020" },
    ]);
    expect(first.parts).toEqual([{ id: "map-1.1_smt", name: "statement", prose: NIST_AI_RMF.requirements[19]!.summary }]);
    expect(first.props.some((p: { name: string; ns?: string; value: string }) => p.name === "mapped-control" && p.ns === "https://steward.dev/ns/oscal" && /^C-[A-Z]+-\d{2}$/.test(p.value))).toBe(true);
    const ids = catalog.groups.flatMap((g: { groups: { id: string; controls: { id: string }[] }[] }) => g.groups.flatMap((s) => [s.id, ...s.controls.map((c) => c.id)]));
    expect(ids.every((id: string) => TOKEN.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("is the same bytes each time, and reads back into the framework", async () => {
    const [a, b] = [await get("admin", "/frameworks/eu-ai-act/export?format=oscal"), await get("reviewer", "/frameworks/eu-ai-act/export?format=oscal")];
    expect(a.statusCode).toBe(200);
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    const draft = await readOscalCatalog(a.rawPayload);
    expect(draft.framework_id).toBe("eu-ai-act");
    expect(draft.requirements.map((r) => `eu-ai-act:${r.id}`)).toEqual(EU_AI_ACT.requirements.map((r) => r.id));
  });

  it("is a 404 for a framework that does not exist, and a 403 for callers who do not read frameworks", async () => {
    const missing = await get("admin", "/frameworks/no-such-framework/export?format=oscal");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-type"]).toContain("application/problem+json");
    expect((await get("contributor", "/frameworks/eu-ai-act/export?format=oscal")).statusCode).toBe(403);
    expect((await get("admin", "/frameworks/eu-ai-act/export?format=pdf")).statusCode).toBe(400);
  });

  it("is the same library for another company's Administrator", async () => {
    const mine = await get("admin", "/frameworks/iso-42001/export?format=oscal");
    const theirs = await get("other", "/frameworks/iso-42001/export?format=oscal");
    expect(theirs.statusCode).toBe(200);
    expect(theirs.rawPayload.equals(mine.rawPayload)).toBe(true);
  });
});

describe("the workbook", () => {
  it("has a row per requirement, with headers in the caller's language (Spanish)", async () => {
    const res = await get("reviewer", `/frameworks/${NIST_AI_RMF.id}/export?format=xlsx`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-language"]).toBe("es");
    const { rows } = await xlsxRows(res.rawPayload);
    expect(rows[0]).toEqual(["Marco", "Grupo", "Id", "Título", "Enunciado", "Orientación", "Requisito padre", "Controles asignados"]);
    expect(rows).toHaveLength(NIST_AI_RMF.requirements.length + 1);
    const [framework, group, id, title, statement, guidance, parent, controls] = rows[1]!;
    expect([framework, group, id, title, statement, guidance, parent]).toEqual([
      "NIST AI RMF",
      "GOVERN › GOVERN 1 — Risk policies and processes are in place and working",
      "GOVERN 1.1",
      NIST_AI_RMF.requirements[0]!.title,
      NIST_AI_RMF.requirements[0]!.summary,
      null,
      null,
    ]);
    expect(String(controls)).toMatch(/^C-[A-Z]+-\d{2} /);
  });

  it("is in English when the request asks for it", async () => {
    const res = await get("reviewer", "/frameworks/nyc-ll144/export?format=xlsx&lang=en");
    const { rows } = await xlsxRows(res.rawPayload);
    expect(rows[0]).toEqual(["Framework", "Group", "Id", "Title", "Statement", "Guidance", "Parent", "Mapped controls"]);
  });
});
