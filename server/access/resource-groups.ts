import { and, asc, count, eq, getTableColumns, ilike, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { ResourceGroup } from "../../domain/entities/resource-group";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { listItems, type ListQuery, type ListSorting, type ListSource } from "../db/list";
import type { ListTotal } from "../db/list-total";
import { applications, resourceGroupResources, resourceGroups, roleAssignments } from "../db/schema";
import { likePattern } from "../db/search";
import { atExpectedVersion, nextVersion, refuseIfStale } from "../db/versions";
import type { ExpectedVersions } from "../plugins/concurrency";
import { conflict, notFound } from "../plugins/problem";

/** The queries behind Manage Resource Groups (routes/v2/resource-groups.ts); always inside one company. */
export type GroupRow = typeof resourceGroups.$inferSelect;

const NAME_TAKEN = () => conflict("A resource group with this name already exists.", [{ path: "name", message: "validation.nameTaken" }]);
const ALL_HAS_NO_LIST = "A group of type ALL covers every application; only SELECTED groups list applications.";
const IN_USE = "This resource group is used by role assignments; give those users another group or take the roles away first.";

/** Groups with the applications they list, in the order given. */
export async function withResources(db: Db, rows: GroupRow[]): Promise<ResourceGroup[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(resourceGroupResources)
    .where(
      inArray(
        resourceGroupResources.resourceGroupId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(resourceGroupResources.resourceId));
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    group_type: g.groupType,
    resource_ids: links.filter((l) => l.resourceGroupId === g.id).map((l) => l.resourceId),
    created_at: g.createdAt.toISOString(),
    version: g.version,
  }));
}

/** The group with this id in the caller's company; another company's group is "not found", never "forbidden". */
export async function findGroup(db: Db, companyId: string, groupId: string): Promise<GroupRow> {
  const [row] = await db
    .select()
    .from(resourceGroups)
    .where(and(eq(resourceGroups.id, groupId), eq(resourceGroups.companyId, companyId)));
  if (!row) throw notFound("Resource group");
  return row;
}

/** Names are unique per company; the check ignores case so "Finance" and "finance" cannot both exist. */
async function assertNameFree(db: Db, companyId: string, name: string, exceptId?: string) {
  const filters: SQL[] = [eq(resourceGroups.companyId, companyId), eq(sql`lower(${resourceGroups.name})`, name.toLowerCase())];
  if (exceptId) filters.push(ne(resourceGroups.id, exceptId));
  const [existing] = await db
    .select({ id: resourceGroups.id })
    .from(resourceGroups)
    .where(and(...filters));
  if (existing) throw NAME_TAKEN();
}

const groupSorting: ListSorting = {
  keys: { name: sql`lower(${resourceGroups.name})`, created_at: resourceGroups.createdAt },
  default: "name",
  id: resourceGroups.id,
  idOrder: "asc",
};

/** The company's resource groups (searched by name) with the applications each lists: what a page of the list and its export read. */
export function resourceGroupList(db: Db, companyId: string, query: { q?: string }): ListSource<GroupRow, ResourceGroup> {
  const filters: SQL[] = [eq(resourceGroups.companyId, companyId)];
  if (query.q) filters.push(ilike(resourceGroups.name, likePattern(query.q)));
  return {
    table: resourceGroups,
    where: and(...filters),
    sorting: groupSorting,
    select: (extra) => db.select({ ...getTableColumns(resourceGroups), ...extra }).from(resourceGroups).$dynamic(),
    toItems: (rows) => withResources(db, rows),
  };
}

/** One page of the company's resource groups (searched by name), with the applications each lists, and the total. */
export async function listResourceGroups(db: Db, companyId: string, query: ListQuery & { q?: string }): Promise<{ items: ResourceGroup[] } & ListTotal> {
  return listItems(db, resourceGroupList(db, companyId, query), query);
}

export async function createResourceGroup(db: Db, companyId: string, input: { name: string; group_type: GroupRow["groupType"] }): Promise<ResourceGroup> {
  await assertNameFree(db, companyId, input.name);
  let row: GroupRow;
  try {
    [row] = await db.insert(resourceGroups).values({ companyId, name: input.name, groupType: input.group_type }).returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw NAME_TAKEN();
    throw error;
  }
  const [group] = await withResources(db, [row]);
  return group;
}

/** Renames a group or changes its type, at the expected version if the caller sent one; a change to ALL drops its application list. */
export async function changeResourceGroup(
  db: Db,
  current: GroupRow,
  changes: { name?: string; group_type?: GroupRow["groupType"] },
  expected: ExpectedVersions,
): Promise<ResourceGroup> {
  const { companyId } = current;
  const { name, group_type } = changes;
  if (name !== undefined && name !== current.name) await assertNameFree(db, companyId, name, current.id);
  const set = {
    ...(name !== undefined && { name }),
    ...(group_type !== undefined && { groupType: group_type }),
  };
  let row: GroupRow;
  try {
    row = await db.transaction(async (tx) => {
      const thisGroup = and(eq(resourceGroups.id, current.id), eq(resourceGroups.companyId, companyId))!;
      const [updated] = await tx
        .update(resourceGroups)
        .set({ ...set, version: nextVersion(resourceGroups), updatedAt: new Date() })
        .where(and(thisGroup, atExpectedVersion(resourceGroups, expected)))
        .returning();
      if (!updated) {
        await refuseIfStale(tx, resourceGroups, thisGroup);
        throw notFound("Resource group");
      }
      // An ALL group covers every application: a list left over from SELECTED would mean nothing.
      if (updated.groupType === "ALL") await tx.delete(resourceGroupResources).where(eq(resourceGroupResources.resourceGroupId, current.id));
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw NAME_TAKEN();
    throw error;
  }
  const [group] = await withResources(db, [row]);
  return group;
}

/** Deletes a group no role assignment uses (409 otherwise). */
export async function deleteResourceGroup(db: Db, group: GroupRow): Promise<void> {
  await db.transaction(async (tx) => {
    // Lock the group so an assignment cannot arrive between the check and the delete.
    await tx.select({ id: resourceGroups.id }).from(resourceGroups).where(eq(resourceGroups.id, group.id)).for("update");
    const [{ used }] = await tx.select({ used: count() }).from(roleAssignments).where(eq(roleAssignments.resourceGroupId, group.id));
    if (used > 0) throw conflict(IN_USE);
    // Its application list goes with it (on delete cascade).
    await tx.delete(resourceGroups).where(and(eq(resourceGroups.id, group.id), eq(resourceGroups.companyId, group.companyId)));
  });
}

/** Adds one of the company's applications to a SELECTED group (idempotent). */
export async function addGroupResource(db: Db, group: GroupRow, applicationId: string): Promise<ResourceGroup> {
  if (group.groupType === "ALL") throw conflict(ALL_HAS_NO_LIST);
  const [application] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.companyId, group.companyId)));
  if (!application) throw notFound("Application");
  await db.insert(resourceGroupResources).values({ resourceGroupId: group.id, resourceId: applicationId }).onConflictDoNothing();
  const [result] = await withResources(db, [group]);
  return result;
}

/** Takes an application out of a SELECTED group (idempotent). */
export async function removeGroupResource(db: Db, group: GroupRow, applicationId: string): Promise<void> {
  if (group.groupType === "ALL") throw conflict(ALL_HAS_NO_LIST);
  await db
    .delete(resourceGroupResources)
    .where(and(eq(resourceGroupResources.resourceGroupId, group.id), eq(resourceGroupResources.resourceId, applicationId)));
}
