import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { createTestApp, type TestApp } from "../support/test-app";
import { auditChainState, auditLog, companies, users } from "../../server/db/schema";
import { recordAudit } from "../../server/audit/record";
import { runChainBackfillOnce } from "../../server/audit/backfill";
import { createOtherCompany, signInCallers, v2Caller, type OtherCompany } from "../support/tenants";

/** The tamper-evident audit trail: GET /v2/audit, its export and GET /v2/audit/verify. */
let t: TestApp;
let companyId: string;
let other: OtherCompany;
const token: Record<string, string> = {};
const call = v2Caller(() => t.app, token);

const db = () => t.database.db;
const verify = async (who = "admin") => {
  const res = await call(who, "GET", "/audit/verify");
  expect(res.statusCode).toBe(200);
  return res.json();
};
const companyEntries = (id = companyId) => db().select().from(auditLog).where(eq(auditLog.companyId, id)).orderBy(asc(auditLog.seq));
const createVendor = async (name: string) => {
  const res = await call("admin", "POST", "/vendors", { name });
  if (res.statusCode !== 201) throw new Error(`vendor create failed ${res.statusCode}: ${res.body}`);
  return res.json() as { id: string };
};

beforeAll(async () => {
  t = await createTestApp();
  [{ id: companyId }] = await db().select().from(companies).where(eq(companies.name, "Demo Co"));
  other = await createOtherCompany(db());
  Object.assign(token, await signInCallers(t.app));
});
afterAll(async () => {
  await t?.close();
});

describe("the chain", () => {
  it("links every entry to the one before it, and verify walks it to the head", async () => {
    for (const name of ["Chained Vendor", "Linked Vendor", "Hashed Vendor"]) await createVendor(name);
    const rows = await companyEntries();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    rows.forEach((row, index) => {
      expect(row.seq).toBe(index + 1);
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.prevHash).toBe(index === 0 ? null : rows[index - 1].hash);
    });
    expect(await verify()).toEqual({ ok: true, entries: rows.length, head: rows[rows.length - 1].hash });
  });

  it("names the entry whose stored content was changed in the database, and holds again once it is put back", async () => {
    const rows = await companyEntries();
    const victim = rows[Math.floor(rows.length / 2)];
    await db().execute(sql`update audit_log set after = ${JSON.stringify({ name: "Forged" })}::jsonb where id = ${victim.id}`);
    expect(await verify()).toEqual({ ok: false, entries: rows.length, broken_at: victim.id, broken_seq: victim.seq, reason: "changed" });
    await db().execute(sql`update audit_log set after = ${JSON.stringify(victim.after)}::jsonb where id = ${victim.id}`);
    expect(await verify()).toMatchObject({ ok: true, entries: rows.length });
  });

  it("names the next entry when a changed entry was re-hashed, or when an entry was removed", async () => {
    const rows = await companyEntries();
    const [victim, next] = [rows[1], rows[2]];
    // The actor's name changed and the hash recomputed the way a careful forger would: the next link still breaks.
    const { entryHash, chainedEntry } = await import("../../server/audit/chain");
    const forged = { ...victim, actorName: "Someone Else" };
    await db().update(auditLog).set({ actorName: forged.actorName, hash: entryHash(victim.prevHash, chainedEntry(forged)) }).where(eq(auditLog.id, victim.id));
    expect(await verify()).toEqual({ ok: false, entries: rows.length, broken_at: next.id, broken_seq: next.seq, reason: "unlinked" });
    await db().update(auditLog).set({ actorName: victim.actorName, hash: victim.hash }).where(eq(auditLog.id, victim.id));

    await db().delete(auditLog).where(eq(auditLog.id, victim.id));
    expect(await verify()).toEqual({ ok: false, entries: rows.length - 1, broken_at: next.id, broken_seq: next.seq, reason: "unlinked" });
    await db().insert(auditLog).values(victim);
    expect(await verify()).toMatchObject({ ok: true, entries: rows.length });
  });

  it("stays one chain, without forks or gaps, under concurrent writers", async () => {
    const before = (await companyEntries()).length;
    const writes = await Promise.all(Array.from({ length: 24 }, (_, i) => call("admin", "POST", "/vendors", { name: `Concurrent Vendor ${i}` })));
    expect(writes.map((r) => r.statusCode)).toEqual(writes.map(() => 201));
    const rows = await companyEntries();
    expect(rows.length).toBe(before + 24);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(new Set(rows.map((r) => r.prevHash)).size).toBe(rows.length);
    expect(await verify()).toEqual({ ok: true, entries: rows.length, head: rows[rows.length - 1].hash });
  });

  it("keeps each company's chain apart: another company's entries are neither listed nor verified here", async () => {
    const { companyId: otherId } = other;
    const [boss] = await db().select().from(users).where(eq(users.id, other.adminId));
    await recordAudit(db(), { id: boss.id, type: "user", name: "Olga Other", companyId: otherId }, { entityType: "company", entityId: otherId, action: "company.updated", after: { name: "Other Co" } });
    const otherVerdict = await verify("other");
    expect(otherVerdict).toMatchObject({ ok: true, entries: 1 });
    const ours = await verify();
    expect(ours.ok).toBe(true);
    expect(ours.entries).toBe((await companyEntries()).length);
    const listed = (await call("other", "GET", "/audit?page_size=200")).json();
    expect(listed.items.map((e: { action: string }) => e.action)).toEqual(["company.updated"]);
  });

  it("chains entries written before the chain existed, once, unkeyed as they were, and closes them with a keyed entry", async () => {
    const legacyCompany = (await db().insert(companies).values({ name: "Legacy Co" }).returning())[0].id;
    const base = { companyId: legacyCompany, actorType: "system" as const, actorName: "Steward", entityType: "company", entityId: legacyCompany, before: null, hashScheme: "sha256" as const };
    // As the migrations leave an installation from before the chain: places in created order, no hashes, and the
    // one-time step not yet done on this database.
    await db().insert(auditLog).values([
      { ...base, seq: 1, action: "legacy.first", after: { n: 1 }, createdAt: new Date("2025-01-01T10:00:00.000Z") },
      { ...base, seq: 2, action: "legacy.second", after: { n: 2.5, nested: { b: [1, "x"], a: null } }, createdAt: new Date("2025-01-02T10:00:00.000Z") },
    ]);
    await db().delete(auditChainState);
    expect(await runChainBackfillOnce(db())).toBe(2);
    await recordAudit(db(), { id: null, type: "system", name: "Steward", companyId: legacyCompany }, { entityType: "company", entityId: legacyCompany, action: "after.chain" });
    const rows = await companyEntries(legacyCompany);
    expect(rows.map((r) => [r.seq, r.action, r.hashScheme, r.prevHash === (rows[r.seq - 2]?.hash ?? null)])).toEqual([
      [1, "legacy.first", "sha256", true],
      [2, "legacy.second", "sha256", true],
      [3, "audit.chain_keyed", "hmac-sha256", true],
      [4, "after.chain", "hmac-sha256", true],
    ]);
    expect(rows[2].after).toEqual({ unkeyed_entries: 2, unkeyed_head: rows[1].hash });
    const { verifyChain } = await import("../../server/audit/verify");
    expect(await verifyChain(db(), legacyCompany)).toEqual({ ok: true, entries: 4, head: rows[3].hash });

    // Done once: blanked again, nothing fills them, and verify names the first blank.
    await db().update(auditLog).set({ hash: null }).where(eq(auditLog.companyId, legacyCompany));
    expect(await runChainBackfillOnce(db())).toBe(0);
    expect(await verifyChain(db(), legacyCompany)).toEqual({ ok: false, entries: 4, broken_at: rows[0].id, broken_seq: 1, reason: "missing_hash" });
  });
});

describe("GET /audit", () => {
  it("is for Administrators only", async () => {
    for (const who of ["reviewer", "approver", "contributor", "noroles"]) {
      for (const path of ["/audit", "/audit/verify", "/audit/export?format=csv", "/audit/facets"]) {
        const res = await call(who, "GET", path);
        expect(res.statusCode, `${who} ${path}`).toBe(403);
      }
    }
    expect((await call(null, "GET", "/audit")).statusCode).toBe(401);
  });

  it("lists newest first, pages, and filters by actor, record, action and time", async () => {
    const vendor = await createVendor("Filtered Vendor");
    const all = (await call("admin", "GET", "/audit?page_size=5")).json();
    expect(all.items).toHaveLength(5);
    expect(all.items[0]).toMatchObject({ action: "vendor.created", entity_type: "vendor", entity_id: vendor.id, actor: { name: "Ada Admin", type: "user" } });
    expect(all.items.map((e: { seq: number }) => e.seq)).toEqual([...all.items.map((e: { seq: number }) => e.seq)].sort((a, b) => b - a));
    const second = (await call("admin", "GET", "/audit?page_size=5&page=2")).json();
    expect(second.items[0].seq).toBe(all.items[4].seq - 1);
    expect(all.total).toBe((await companyEntries()).length);

    const byRecord = (await call("admin", "GET", `/audit?entity_type=vendor&entity_id=${vendor.id}`)).json();
    expect(byRecord).toMatchObject({ total: 1, items: [{ entity_id: vendor.id, action: "vendor.created" }] });

    const byActor = (await call("admin", "GET", "/audit?actor=ada&action=vendor.created&page_size=200")).json();
    expect(byActor.items.length).toBeGreaterThan(20);
    expect(byActor.items.every((e: { actor: { name: string }; action: string }) => e.actor.name === "Ada Admin" && e.action === "vendor.created")).toBe(true);
    const [ada] = await db().select().from(users).where(eq(users.email, "admin@steward.test"));
    expect((await call("admin", "GET", `/audit?actor_id=${ada.id}&action=vendor.created&page_size=200`)).json().total).toBe(byActor.total);

    const at = new Date(all.items[0].created_at);
    const window = (await call("admin", "GET", `/audit?from=${encodeURIComponent(at.toISOString())}&to=${encodeURIComponent(new Date(at.getTime() + 1).toISOString())}`)).json();
    expect(window.items.map((e: { id: string }) => e.id)).toContain(all.items[0].id);
    const before = (await call("admin", "GET", `/audit?to=${encodeURIComponent(at.toISOString())}&page_size=200`)).json();
    expect(before.items.every((e: { created_at: string }) => e.created_at < at.toISOString())).toBe(true);

    const facets = (await call("admin", "GET", "/audit/facets")).json();
    expect(facets.entity_types).toContain("vendor");
    expect(facets.actions).toContain("vendor.created");
  });

  it("refuses malformed filters by name", async () => {
    const res = await call("admin", "GET", "/audit?from=yesterday&actor_id=nope&colour=red");
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toContain("application/problem+json");
  });
});

describe("GET /audit/export", () => {
  it("streams the filtered entries as CSV with the list's order, ISO times and neutralised formulas", async () => {
    await recordAudit(db(), { id: null, type: "system", name: "=HYPERLINK(\"http://evil.example\")", companyId }, { entityType: "company", entityId: companyId, action: "formula.test", after: { note: "+1" } });
    const res = await call("admin", "GET", "/audit/export?format=csv&action=formula.test&action=vendor.created");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.body.startsWith("\uFEFFNo.,When,Actor type,Actor,Actor ID,Action,Record type,Record ID,Before,After,Hash\r\n")).toBe(true);
    const parsed = Papa.parse<string[]>(res.body.slice(1).trim(), { newline: "\r\n" }).data;
    const listed = (await call("admin", "GET", "/audit?action=formula.test&action=vendor.created&page_size=200")).json();
    expect(parsed.length - 1).toBe(listed.total);
    expect(parsed.slice(1).map((r) => Number(r[0]))).toEqual(listed.items.map((e: { seq: number }) => e.seq));
    const formula = parsed[1];
    expect(formula[3]).toBe("'=HYPERLINK(\"http://evil.example\")");
    expect(formula[2]).toBe("Steward");
    expect(formula[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(formula[9]).toBe('{"note":"+1"}');
    expect(formula[10]).toBe(listed.items[0].hash);
  });

  it("writes an .xlsx workbook, headers in the reader's language", async () => {
    await db().update(users).set({ language: "es" }).where(eq(users.email, "admin@steward.test"));
    try {
      const res = await call("admin", "GET", "/audit/export?format=xlsx&entity_type=vendor&sort=created_at");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      expect(sheet.name).toBe("Registro de auditoría");
      expect(sheet.getRow(1).values).toEqual([undefined, "N.º", "Cuándo", "Tipo de autor", "Autor", "ID del autor", "Acción", "Tipo de registro", "ID del registro", "Antes", "Después", "Hash"]);
      const vendorEntries = await db().select().from(auditLog).where(and(eq(auditLog.companyId, companyId), eq(auditLog.entityType, "vendor"))).orderBy(asc(auditLog.seq));
      expect(sheet.rowCount - 1).toBe(vendorEntries.length);
      expect(sheet.getRow(2).getCell(1).value).toBe(vendorEntries[0].seq);
      expect(sheet.getRow(2).getCell(3).value).toBe("Usuario");
    } finally {
      await db().update(users).set({ language: "en" }).where(eq(users.email, "admin@steward.test"));
    }
  });

  it("refuses an unknown format", async () => {
    const res = await call("admin", "GET", "/audit/export?format=pdf");
    expect(res.statusCode).toBe(400);
  });
});
