import { and, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import type { ApiClient } from "../../domain/entities/api-client";
import { actorOf, recordAudit } from "../audit/record";
import type { Db } from "../db/client";
import { listItems, type ListQuery, type ListSorting, type ListSource, type SortValues } from "../db/list";
import type { ListTotal } from "../db/list-total";
import { apiClients, resourceGroups, roles, users } from "../db/schema";
import { likePattern } from "../db/search";
import type { CurrentUser } from "../identity/caller";
import { notFound } from "../plugins/problem";

/** The queries behind API Access (routes/v2/api-clients.ts); the identity side is in identity/api-clients.ts. */

const AUDIT_ENTITY = "api_client";

/** One query shape for list and get: the client with its role, group and creator's name. */
function selectClients(db: Db, extra?: SortValues) {
  return db
    .select({
      ...extra,
      client: apiClients,
      roleName: roles.name,
      groupName: resourceGroups.name,
      groupType: resourceGroups.groupType,
      creatorFirst: users.firstName,
      creatorLast: users.lastName,
    })
    .from(apiClients)
    .innerJoin(roles, eq(roles.id, apiClients.roleId))
    .innerJoin(resourceGroups, eq(resourceGroups.id, apiClients.resourceGroupId))
    .leftJoin(users, eq(users.id, apiClients.createdBy));
}

export type ClientRow = Awaited<ReturnType<ReturnType<typeof selectClients>["where"]>>[number];

/** Never the secret or its hash: those leave the server only once, in the POST answer. */
export function toApiClient(row: ClientRow): ApiClient {
  const { client } = row;
  return {
    id: client.id,
    name: client.name,
    client_id: client.clientId,
    role: { id: client.roleId, name: row.roleName },
    resource_group: { id: client.resourceGroupId, name: row.groupName, group_type: row.groupType },
    created_at: client.createdAt.toISOString(),
    created_by: row.creatorFirst === null ? null : `${row.creatorFirst} ${row.creatorLast ?? ""}`.trim(),
    last_used_at: client.lastUsedAt?.toISOString() ?? null,
    revoked_at: client.revokedAt?.toISOString() ?? null,
  };
}

/** The client with this id in the caller's company; another company's is "not found", never "forbidden". */
export async function findClient(db: Db, companyId: string, id: string): Promise<ClientRow> {
  const [row] = await selectClients(db).where(and(eq(apiClients.id, id), eq(apiClients.companyId, companyId)));
  if (!row) throw notFound("API client");
  return row;
}

const clientSorting: ListSorting = {
  keys: {
    name: sql`lower(${apiClients.name})`,
    created_at: apiClients.createdAt,
    // Never-used clients sort as the oldest use, whichever the direction.
    last_used_at: { by: apiClients.lastUsedAt, nulls: "lowest" },
  },
  default: "name",
  id: apiClients.id,
  idOrder: "asc",
};

/** The company's API clients (revoked ones only when asked for), searched by name and client id: what a page of the list and its export read. */
export function apiClientList(db: Db, companyId: string, query: { q?: string; include_revoked?: string }): ListSource<ClientRow, ApiClient> {
  const filters: SQL[] = [eq(apiClients.companyId, companyId)];
  if (query.include_revoked !== "true") filters.push(isNull(apiClients.revokedAt));
  if (query.q) filters.push(or(ilike(apiClients.name, likePattern(query.q)), ilike(apiClients.clientId, likePattern(query.q)))!);
  return { table: apiClients, where: and(...filters), sorting: clientSorting, select: (extra) => selectClients(db, extra).$dynamic(), toItems: (rows) => rows.map(toApiClient) };
}

/** One page of the company's API clients (revoked ones only when asked for), searched by name and client id. */
export async function listApiClients(
  db: Db,
  companyId: string,
  query: ListQuery & { q?: string; include_revoked?: string },
): Promise<{ items: ApiClient[] } & ListTotal> {
  return listItems(db, apiClientList(db, companyId, query), query);
}

/** 404 unless the role exists and the group is the company's. */
export async function assertRoleAndGroup(db: Db, companyId: string, roleId: string, groupId: string): Promise<void> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw notFound("Role");
  const [group] = await db
    .select({ id: resourceGroups.id })
    .from(resourceGroups)
    .where(and(eq(resourceGroups.id, groupId), eq(resourceGroups.companyId, companyId)));
  if (!group) throw notFound("Resource group");
}

/** Stores a client the identity side has just created (its id and secret hash); audited. Answers its row id. */
export async function insertApiClient(
  db: Db,
  user: CurrentUser,
  input: { name: string; role_id: string; resource_group_id: string; clientId: string; secretHash: string | null },
): Promise<string> {
  const { name, role_id, resource_group_id } = input;
  const creator = user.actor === "user" ? user.id : null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiClients)
      .values({ companyId: user.companyId, name, clientId: input.clientId, secretHash: input.secretHash, roleId: role_id, resourceGroupId: resource_group_id, createdBy: creator })
      .returning();
    await recordAudit(tx, actorOf(user), {
      entityType: AUDIT_ENTITY,
      entityId: row.id,
      action: "api_client.created",
      after: { name, client_id: row.clientId, role_id, resource_group_id },
    });
    return row.id;
  });
}

/**
 * Revokes a client (once; audited). `alsoOnIdentitySide` runs inside the transaction: if the identity store
 * refuses, the row stays unrevoked and a retry works.
 */
export async function revokeApiClient(db: Db, user: CurrentUser, current: ClientRow, alsoOnIdentitySide: () => Promise<void>): Promise<void> {
  if (current.client.revokedAt) return;
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(apiClients)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiClients.id, current.client.id), isNull(apiClients.revokedAt)))
      .returning({ revokedAt: apiClients.revokedAt });
    // A concurrent revoke won: nothing left to do.
    if (revoked.length === 0) return;
    await recordAudit(tx, actorOf(user), {
      entityType: AUDIT_ENTITY,
      entityId: current.client.id,
      action: "api_client.revoked",
      before: { revoked_at: null },
      after: { revoked_at: revoked[0].revokedAt!.toISOString() },
    });
    await alsoOnIdentitySide();
  });
}
