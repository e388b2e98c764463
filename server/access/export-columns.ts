import type { ApiClient } from "../../domain/entities/api-client";
import type { ResourceGroup } from "../../domain/entities/resource-group";
import type { User } from "../../domain/entities/user";
import type { Texts } from "../i18n/texts";
import { instantColumn, labelColumn, listColumn, textColumn, type ExportColumn } from "../exports/columns";

/** A role's label; a role the texts do not know shows its name (as the grids show it). */
const roleLabel = (t: Texts, name: string) => t(`access.roles.${name}`, { defaultValue: name });

/** Manage Users' grid columns as an export writes them; each role with the group it holds on. */
export const USER_EXPORT_COLUMNS: readonly ExportColumn<User>[] = [
  textColumn("name", "users.fields.name", (u) => `${u.first_name} ${u.last_name}`.trim()),
  textColumn("email", "users.fields.email", (u) => u.email),
  listColumn("roles", "users.fields.roles", (u, t) => u.roles.map((r) => t("users.roleInGroup", { role: roleLabel(t, r.name), group: r.resource_group.name }))),
  labelColumn("language", "users.fields.language", (u) => `users.languages.${u.language}`),
  instantColumn("created_at", "users.fields.created", (u) => u.created_at),
];

/** The resource groups grid's columns as an export writes them: a SELECTED group counts its applications, an ALL one says All. */
export const RESOURCE_GROUP_EXPORT_COLUMNS: readonly ExportColumn<ResourceGroup>[] = [
  textColumn("name", "groups.fields.name", (g) => g.name),
  labelColumn("group_type", "groups.fields.groupType", (g) => `groups.types.${g.group_type}`),
  textColumn("resource_ids", "groups.fields.applications", (g, t) => (g.group_type === "ALL" ? t("groups.allCount") : String(g.resource_ids.length))),
  instantColumn("created_at", "groups.fields.created", (g) => g.created_at),
];

/** The API Access grid's columns as an export writes them; never the secret, which is not kept. */
export const API_CLIENT_EXPORT_COLUMNS: readonly ExportColumn<ApiClient>[] = [
  textColumn("name", "api-clients.fields.name", (c) => c.name),
  textColumn("client_id", "api-clients.fields.clientId", (c) => c.client_id),
  textColumn("role", "api-clients.fields.role", (c, t) => roleLabel(t, c.role.name)),
  textColumn("resource_group", "api-clients.fields.resourceGroup", (c) => c.resource_group.name),
  instantColumn("created_at", "api-clients.fields.created", (c) => c.created_at),
  instantColumn("last_used_at", "api-clients.fields.lastUsed", (c) => c.last_used_at),
  labelColumn("revoked_at", "api-clients.fields.status", (c) => (c.revoked_at ? "api-clients.status.revoked" : "api-clients.status.active")),
];
