import { mkdtemp, rm } from "node:fs/promises";
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, count, eq } from "drizzle-orm";
import type { ChainedEntry } from "../../domain/audit/chain";
import { entryHash, type HashScheme } from "../../server/audit/chain-check";
import { chainSignature } from "../../server/company-export/audit-chain";
import { runMigrations } from "../../server/db/migrate";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { auditLog, companies, resourceGroups, roleAssignments, roles, users, vendors } from "../../server/db/schema";
import { hashPassword } from "../../server/identity/passwords";
import { insertUser } from "../../server/identity/store";
import { signInRaw } from "./identity-support";
import { createTestApp, type TestApp } from "../support/test-app";
import { createOtherCompany, signInCallers, v2Caller } from "../support/tenants";

/**
 * The audit chain as an attacker meets it: an export edited and re-hashed without the server's key is refused on
 * import with nothing stored, a hash blanked in the database stays a break after a restart, and an honest export
 * moves into a new company and still verifies.
 */
let source: TestApp;
let target: TestApp;
const dirs: string[] = [];
const token: Record<string, string> = {};
const call = v2Caller(() => source.app, token);
type Row = Record<string, unknown> & ChainedEntry & { hash: string; prev_hash: string | null; hash_scheme: HashScheme };
/** The Administrator's token of the company the forged exports were refused by: an honest one goes in afterwards. */
let forgedInto: string;
let exported: Record<string, unknown> & { tables: Record<string, Row[]>; audit_chain: { entries: number; head: string; signature: string } };

async function emptyCompany(t: TestApp, email: string, name: string): Promise<{ token: string; companyId: string }> {
  const db = t.database.db;
  const [administrator] = await db.select().from(roles).where(eq(roles.name, "Administrator"));
  const [{ id: companyId }] = await db.insert(companies).values({ name }).returning();
  const [{ id: groupId }] = await db.insert(resourceGroups).values({ companyId, name: "Everything", groupType: "ALL" }).returning();
  const identity = await insertUser(db, { email, passwordHash: await hashPassword(DEMO_PASSWORD), status: "CONFIRMED" });
  const [admin] = await db.insert(users).values({ companyId, sub: identity.sub, email, firstName: "First", lastName: "Admin" }).returning();
  await db.insert(roleAssignments).values({ companyId, userId: admin.id, roleId: administrator.id, resourceGroupId: groupId });
  return { token: (await signInRaw(t.app, email, DEMO_PASSWORD)).AccessToken, companyId };
}

const importInto = (t: TestApp, bearer: string, doc: object) =>
  t.app.inject({ method: "POST", url: "/v2/company/import", headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" }, payload: JSON.stringify(doc) });

/** The export with one entry's actor renamed and every hash from there recomputed the way a forger can: without our key. */
function forged(scheme: HashScheme, key: Buffer | undefined, resign: boolean): typeof exported {
  const rows = exported.tables.audit_log.map((row) => ({ ...row }));
  const victim = Math.floor(rows.length / 2);
  rows[victim].actor_name = "Someone Else";
  let prev: string | null = null;
  for (const [index, row] of rows.entries()) {
    if (scheme === "sha256" || index >= victim) {
      row.prev_hash = prev;
      row.hash_scheme = scheme;
      // Unkeyed SHA-256 is what anyone can compute; an HMAC under a key of the forger's own is as good as none.
      row.hash = entryHash(prev, row, scheme, key);
    }
    prev = row.hash;
  }
  const head = rows[rows.length - 1].hash;
  const audit_chain = resign ? { entries: rows.length, head, signature: chainSignature(rows.length, head, key ?? randomBytes(32)) } : exported.audit_chain;
  return { ...exported, tables: { ...exported.tables, audit_log: rows }, audit_chain };
}

beforeAll(async () => {
  for (let i = 0; i < 2; i++) dirs.push(await mkdtemp(path.join(tmpdir(), "steward-chain-attack-")));
  source = await createTestApp({ env: { DATA_DIR: dirs[0] } });
  await createOtherCompany(source.database.db);
  Object.assign(token, await signInCallers(source.app));
  for (const name of ["Attack Vendor A", "Attack Vendor B", "Attack Vendor C"]) expect((await call("admin", "POST", "/vendors", { name })).statusCode).toBe(201);
  exported = (await call("admin", "GET", "/company/export")).json();
  target = await createTestApp({ seed: false, env: { DATA_DIR: dirs[1] } });
}, 180_000);
afterAll(async () => {
  await source?.close();
  await target?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe("an edited export", () => {
  it("is refused when re-hashed with unkeyed SHA-256 or an HMAC under another key, with or without a new signature, and nothing is stored", async () => {
    const { token: bearer, companyId } = await emptyCompany(target, "admin@steward.test", "Forged Co");
    forgedInto = bearer;
    const attempts = [
      { name: "HMAC, wrong key, old signature", doc: forged("hmac-sha256", randomBytes(32), false) },
      { name: "HMAC, wrong key, re-signed", doc: forged("hmac-sha256", randomBytes(32), true) },
      { name: "unkeyed SHA-256 throughout, re-signed", doc: forged("sha256", undefined, true) },
      { name: "untouched entries, cut short", doc: { ...exported, tables: { ...exported.tables, audit_log: exported.tables.audit_log.slice(0, -1) } } },
      { name: "no signature", doc: { ...exported, audit_chain: undefined } },
    ];
    for (const { name, doc } of attempts) {
      const res = await importInto(target, bearer, doc);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().detail, name).toMatch(/^The export's audit trail cannot be imported: .* Nothing was imported\.$/);
    }
    const db = target.database.db;
    expect(await db.select({ n: count() }).from(auditLog).where(eq(auditLog.companyId, companyId))).toEqual([{ n: 0 }]);
    expect(await db.select({ n: count() }).from(vendors).where(eq(vendors.companyId, companyId))).toEqual([{ n: 0 }]);
    const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
    expect(company.name).toBe("Forged Co");
  });

  it("names the edited entry when only that entry was re-hashed", async () => {
    const { token: bearer } = await emptyCompany(target, "second@forged.test", "Forged Two");
    const doc = forged("hmac-sha256", randomBytes(32), true);
    const victim = doc.tables.audit_log.find((r) => r.actor_name === "Someone Else")!;
    const people = doc.tables.users as unknown as Array<{ email: string }>;
    const me = people.find((u) => u.email === "admin@steward.test")!;
    // The caller must be one of the export's Administrators: this one is, under another e-mail.
    const res = await importInto(target, bearer, { ...doc, tables: { ...doc.tables, users: people.map((u) => (u === me ? { ...u, email: "second@forged.test" } : u)) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain(`(entry ${victim.id}, place ${victim.seq}) does not match its hash`);
  });
});

describe("a blanked hash", () => {
  it("is reported by verify with its place after a restart: the start-up does not fill it", async () => {
    const rows = await source.database.db.select().from(auditLog).where(eq(auditLog.companyId, (await companyOf(source, "admin@steward.test")))).orderBy(asc(auditLog.seq));
    const victim = rows[Math.floor(rows.length / 2)];
    await source.database.db.update(auditLog).set({ after: { name: "Edited" }, hash: null }).where(eq(auditLog.id, victim.id));
    // A restart runs the migrations and the audit chain's start-up step on the same database.
    await runMigrations(source.database);
    const [after] = await source.database.db.select().from(auditLog).where(eq(auditLog.id, victim.id));
    expect(after.hash).toBeNull();
    const verdict = (await call("admin", "GET", "/audit/verify")).json();
    expect(verdict).toEqual({ ok: false, entries: rows.length, broken_at: victim.id, broken_seq: victim.seq, reason: "missing_hash" });
    await source.database.db.update(auditLog).set({ after: victim.after, hash: victim.hash }).where(eq(auditLog.id, victim.id));
    expect((await call("admin", "GET", "/audit/verify")).json()).toMatchObject({ ok: true, entries: rows.length });
  });
});

describe("an honest export", () => {
  it("imports into the company that refused the forged ones, and its chain verifies there, continued by the import's keyed entry", async () => {
    const res = await importInto(target, forgedInto, exported);
    expect(res.statusCode, res.body).toBe(200);
    const verdict = (await target.app.inject({ method: "GET", url: "/v2/audit/verify", headers: { authorization: `Bearer ${forgedInto}` } })).json();
    expect(verdict).toMatchObject({ ok: true, entries: exported.audit_chain.entries + 1 });
  });
});

async function companyOf(t: TestApp, email: string): Promise<string> {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
  return user.companyId;
}
