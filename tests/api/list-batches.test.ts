import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineAbilityFor } from "../../domain/access/abilities";
import { APPLICATION_SORT_KEYS } from "../../domain/entities/application";
import { API_CLIENT_SORT_KEYS } from "../../domain/entities/api-client";
import { USER_SORT_KEYS } from "../../domain/entities/user";
import { applicationList, listApplications, newApplicationValues } from "../../server/applications/store";
import { apiClientList, listApiClients } from "../../server/access/api-clients";
import { listUsers, userList } from "../../server/access/users";
import { listBatches } from "../../server/db/list";
import { apiClients, applications, companies, resourceGroups, roles, users } from "../../server/db/schema";
import { loadCurrentUser } from "../../server/plugins/auth";
import { createTestApp, type TestApp } from "../support/test-app";

/**
 * Reading a list whole, batch after batch (exports): every row once, in exactly the order its pages show,
 * whatever the sort — ties, blanks placed first or last, keys of several expressions, ids against the key's direction.
 */
let t: TestApp;
let request: FastifyRequest;
let companyId: string;

const TIERS = ["high", "medium", "low", null] as const;
const APPROVALS = ["draft", "submitted", "approved"] as const;

async function everything<T>(batches: AsyncIterable<T[]>): Promise<{ items: T[]; sizes: number[] }> {
  const items: T[] = [];
  const sizes: number[] = [];
  for await (const batch of batches) {
    items.push(...batch);
    sizes.push(batch.length);
  }
  return { items, sizes };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [company] = await db.select().from(companies).where(eq(companies.name, "Demo Co"));
  companyId = company.id;
  const people = await db.select().from(users).where(eq(users.companyId, companyId));
  // Ties everywhere: few owners (and none), few review dates (and none), the same timestamps.
  const stamp = new Date("2026-02-01T10:00:00.123456Z");
  await db.insert(applications).values(
    Array.from({ length: 61 }, (_, i) => ({
      ...newApplicationValues({ companyId, name: `App ${String(i % 20).padStart(2, "0")} ${i}`, ownerId: i % 4 === 0 ? null : people[i % people.length].id }),
      riskTier: TIERS[i % TIERS.length],
      approvalStatus: APPROVALS[i % APPROVALS.length],
      nextReviewDue: i % 3 === 0 ? null : `2026-0${(i % 5) + 1}-15`,
      createdAt: i % 2 ? stamp : new Date(stamp.getTime() + i * 1000),
      updatedAt: stamp,
    })),
  );
  const [admin] = people.filter((p) => p.email === "admin@steward.test");
  const current = (await loadCurrentUser(db, admin.sub))!;
  request = { user: current, ability: defineAbilityFor(current), headers: {} } as unknown as FastifyRequest;

  // Users with the same first names, and API clients never used (blank last use) among used ones.
  const [group] = await db.select().from(resourceGroups).where(eq(resourceGroups.companyId, companyId));
  const [role] = await db.select().from(roles).where(eq(roles.name, "ApplicationReviewer"));
  for (let i = 0; i < 17; i++) {
    await db.insert(users).values({ companyId, sub: `batch-user-${i}`, email: `batch${i}@steward.test`, firstName: ["Ana", "Bea", "ana"][i % 3], lastName: i % 2 ? "Same" : `Last ${i % 5}` });
    await db.insert(apiClients).values({
      companyId,
      name: `Client ${i % 6}`,
      clientId: `batch-client-${i}`,
      roleId: role.id,
      resourceGroupId: group.id,
      lastUsedAt: i % 3 === 0 ? null : new Date(stamp.getTime() + (i % 4) * 60_000),
    });
  }
});
afterAll(async () => {
  await t?.close();
});

const sorts = (keys: readonly string[]) => keys.flatMap((k) => [k, `-${k}`]);

describe("batches in the list's order", () => {
  it.each(sorts(APPLICATION_SORT_KEYS))("applications by %s, searched or not", async (sort) => {
    for (const q of [undefined, "App 1"]) {
      const page = await listApplications(t.database.db, request, { page: 1, page_size: 200, sort, ...(q && { q }) });
      for (const size of [1, 7, 200]) {
        const { items, sizes } = await everything(listBatches(applicationList(t.database.db, request, { sort, ...(q && { q }) }), sort, size));
        expect(items.map((a) => a.id)).toEqual(page.items.map((a) => a.id));
        expect(Math.max(...sizes)).toBeLessThanOrEqual(size);
      }
    }
  });

  it.each(sorts(USER_SORT_KEYS))("users by %s (two expressions, ids always ascending)", async (sort) => {
    const page = await listUsers(t.database.db, companyId, { page: 1, page_size: 200, sort });
    const { items } = await everything(listBatches(userList(t.database.db, companyId, {}), sort, 3));
    expect(items.map((u) => u.id)).toEqual(page.items.map((u) => u.id));
    expect(items.length).toBeGreaterThan(17);
  });

  it.each(sorts(API_CLIENT_SORT_KEYS))("API clients by %s (blanks as the lowest value)", async (sort) => {
    const page = await listApiClients(t.database.db, companyId, { page: 1, page_size: 200, sort });
    const { items } = await everything(listBatches(apiClientList(t.database.db, companyId, {}), sort, 4));
    expect(items.map((c) => c.id)).toEqual(page.items.map((c) => c.id));
    expect(items).toHaveLength(17);
  });

  it("gives no batch at all for an empty list", async () => {
    const { items, sizes } = await everything(listBatches(applicationList(t.database.db, request, { q: "no such application" }), undefined, 5));
    expect(items).toEqual([]);
    expect(sizes).toEqual([]);
  });
});
