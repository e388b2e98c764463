import type { ResourceGroup } from "../../../domain/entities/resource-group";
import type { GroupType } from "../../../domain/access/current-user";
import { api } from "../../providers/api-client";
import { ifMatch } from "../../components/forms/conflict/stale-version";
import { GROUPS_API } from "./api-path";
import { diffResourceIds } from "./resource-diff";

export interface GroupFormValues {
  name: string;
  group_type: GroupType;
  resource_ids: string[];
}

export const groupPath = (id: string) => `/${GROUPS_API}/${id}`;

/**
 * Creates (no `existing`) or updates a group, then adds and removes applications until a
 * SELECTED group lists exactly the chosen ones. `onGroupSaved` hears of the group as soon as
 * it exists, so a retry after a failed application call patches it instead of creating a twin.
 */
export async function saveGroup(
  values: GroupFormValues,
  existing: ResourceGroup | undefined,
  onGroupSaved: (group: ResourceGroup) => void = () => {},
  /** The version the edit started from: a group someone else saved since is refused (412), not overwritten. */
  editedVersion = existing?.version,
): Promise<ResourceGroup> {
  const body = { name: values.name, group_type: values.group_type };
  const headers = editedVersion === undefined ? undefined : ifMatch(editedVersion);
  const group = existing
    ? await api<ResourceGroup>({ method: "PATCH", path: groupPath(existing.id), body, headers })
    : await api<ResourceGroup>({ method: "POST", path: `/${GROUPS_API}`, body });
  onGroupSaved(group);
  // An ALL group covers every application; the server dropped any list on the change.
  if (group.group_type === "ALL") return group;
  const { add, remove } = diffResourceIds(group.resource_ids, values.resource_ids);
  let latest = group;
  for (const id of add) latest = await api<ResourceGroup>({ method: "PUT", path: `${groupPath(group.id)}/resources/${id}` });
  for (const id of remove) await api<void>({ method: "DELETE", path: `${groupPath(group.id)}/resources/${id}` });
  const resourceIds = remove.length ? latest.resource_ids.filter((id) => !remove.includes(id)) : latest.resource_ids;
  return { ...latest, resource_ids: resourceIds };
}
