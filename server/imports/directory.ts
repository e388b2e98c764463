import { and, eq, inArray, sql } from "drizzle-orm";
import { groupIdsOf } from "../access/record-groups";
import type { Db } from "../db/client";
import { applications, applicationVendors, resourceGroups, users, vendors } from "../db/schema";
import { normalised, type Directory } from "./values";

/** The company's users by e-mail, SELECTED groups and vendors by name: what an import's cells may name. */
export async function loadDirectory(db: Db, companyId: string): Promise<Directory> {
  const [people, groups, known] = await Promise.all([
    db.select({ id: users.id, email: users.email }).from(users).where(eq(users.companyId, companyId)),
    db
      .select({ id: resourceGroups.id, name: resourceGroups.name })
      .from(resourceGroups)
      .where(and(eq(resourceGroups.companyId, companyId), eq(resourceGroups.groupType, "SELECTED"))),
    db.select({ id: vendors.id, name: vendors.name, risk: vendors.riskLevel }).from(vendors).where(eq(vendors.companyId, companyId)),
  ]);
  return {
    users: new Map(people.map((p) => [p.email.toLowerCase(), p.id])),
    groups: new Map(groups.map((g) => [normalised(g.name), g.id])),
    vendors: new Map(known.map((v) => [normalised(v.name), { id: v.id, risk: v.risk }])),
  };
}

/** The names the company's own records go by, for a template's guide: its SELECTED groups and its vendors. */
export interface TemplateNames {
  groups: string[];
  vendors: string[];
}

export async function templateNames(db: Db, companyId: string): Promise<TemplateNames> {
  const [groups, known] = await Promise.all([
    db
      .select({ name: resourceGroups.name })
      .from(resourceGroups)
      .where(and(eq(resourceGroups.companyId, companyId), eq(resourceGroups.groupType, "SELECTED")))
      .orderBy(sql`lower(${resourceGroups.name})`),
    db.select({ name: vendors.name }).from(vendors).where(eq(vendors.companyId, companyId)).orderBy(sql`lower(${vendors.name})`),
  ]);
  return { groups: groups.map((g) => g.name), vendors: known.map((v) => v.name) };
}

/** The company's applications of these names (names compare without case, as the unique index does), with the vendors each lists. */
export async function applicationsNamed(db: Db, companyId: string, names: readonly string[]) {
  if (names.length === 0) return new Map<string, { row: typeof applications.$inferSelect; groupIds: string[]; vendorIds: string[] }>();
  const found = await db
    .select({ row: applications, groupIds: groupIdsOf(applications.id) })
    .from(applications)
    .where(and(eq(applications.companyId, companyId), inArray(sql`lower(${applications.name})`, [...new Set(names.map((n) => n.toLowerCase()))])));
  const rows = found.map((f) => f.row);
  const links = rows.length
    ? await db
        .select()
        .from(applicationVendors)
        .where(
          inArray(
            applicationVendors.applicationId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  // Each comes with the groups it belongs to, for the caller's rules to decide whether they may change it.
  return new Map(found.map(({ row, groupIds }) => [row.name.toLowerCase(), { row, groupIds, vendorIds: links.filter((l) => l.applicationId === row.id).map((l) => l.vendorId) }]));
}

/** The company's vendors of these names (without case), whole. */
export async function vendorsNamed(db: Db, companyId: string, names: readonly string[]) {
  if (names.length === 0) return new Map<string, typeof vendors.$inferSelect>();
  const rows = await db
    .select()
    .from(vendors)
    .where(and(eq(vendors.companyId, companyId), inArray(sql`lower(${vendors.name})`, [...new Set(names.map((n) => n.toLowerCase()))])));
  return new Map(rows.map((row) => [row.name.toLowerCase(), row]));
}
