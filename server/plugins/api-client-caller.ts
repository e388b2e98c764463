import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { apiClients, resourceGroups, roles } from "../db/schema";
import { touchApiClient } from "../identity/api-clients";
import type { CurrentUser } from "../identity/caller";

/**
 * The caller behind an API client's token: the client with its one role on its one resource group,
 * shaped as a CurrentUser so abilities, scoping and audit treat it like a user with that role.
 * Null when no client has this client_id or it is revoked: its tokens stop working at once.
 */
export async function loadApiClientCaller(db: Db, clientId: string): Promise<CurrentUser | null> {
  const [row] = await db
    .select({
      client: apiClients,
      role: roles.name,
      groupName: resourceGroups.name,
      groupType: resourceGroups.groupType,
    })
    .from(apiClients)
    .innerJoin(roles, eq(roles.id, apiClients.roleId))
    .innerJoin(resourceGroups, eq(resourceGroups.id, apiClients.resourceGroupId))
    .where(eq(apiClients.clientId, clientId));
  if (!row || row.client.revokedAt) return null;
  const { client } = row;
  await touchApiClient(db, client);
  return {
    actor: "api_client",
    id: client.id,
    sub: client.clientId,
    email: "",
    first_name: client.name,
    last_name: "",
    language: "en",
    companyId: client.companyId,
    roles: [
      {
        name: row.role,
        resource_group: { id: client.resourceGroupId, name: row.groupName, group_type: row.groupType },
      },
    ],
    application_roles: [],
  };
}
