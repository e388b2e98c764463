import { useCreate, useCustomMutation, useUpdate, type HttpError } from "@refinedev/core";
import type { z } from "zod";
import { resourceGroupCreateSchema, resourceGroupSchema, type ResourceGroup } from "../../../domain/entities/resource-group";
import { GROUPS_API } from "./api-path";
import { diffResourceIds } from "./resource-diff";

/** The Refine resource of the groups (its API path is GROUPS_API). */
export const GROUPS_RESOURCE = "application-groups";

/** The group form: the group's own fields as the API takes them, and the applications of a SELECTED group. */
export const groupFormSchema = resourceGroupCreateSchema.extend({ resource_ids: resourceGroupSchema.shape.resource_ids });
export type GroupFormValues = z.output<typeof groupFormSchema>;
type GroupBody = z.output<typeof resourceGroupCreateSchema>;

const groupPath = (id: string) => `/${GROUPS_API}/${id}`;

/**
 * Creates (no `existing`) or updates a group, then adds and removes applications until a
 * SELECTED group lists exactly the chosen ones. `onGroupSaved` hears of the group as soon as
 * it exists, so a retry after a failed application call patches it instead of creating a twin.
 */
export type SaveGroup = (
  values: GroupFormValues,
  existing: ResourceGroup | undefined,
  onGroupSaved?: (group: ResourceGroup) => void,
  /** The version the edit started from: a group someone else saved since is refused (412), not overwritten. */
  editedVersion?: number,
) => Promise<ResourceGroup>;

/** saveGroup through Refine's data provider: the group by the resource's create and update, its applications by custom PUT and DELETE. */
export function useSaveGroup(): SaveGroup {
  const quiet = { successNotification: false, errorNotification: false } as const;
  const { mutateAsync: create } = useCreate<ResourceGroup, HttpError, GroupBody>();
  const { mutateAsync: update } = useUpdate<ResourceGroup, HttpError, GroupBody>();
  const { mutateAsync: custom } = useCustomMutation<ResourceGroup, HttpError, undefined>();

  return async (values, existing, onGroupSaved = () => {}, editedVersion = existing?.version) => {
    const body = { name: values.name, group_type: values.group_type };
    const { data: group } = existing
      ? await update({ resource: GROUPS_RESOURCE, id: existing.id, values: body, meta: { version: editedVersion }, mutationMode: "pessimistic", ...quiet })
      : await create({ resource: GROUPS_RESOURCE, values: body, ...quiet });
    onGroupSaved(group);
    // An ALL group covers every application; the server dropped any list on the change.
    if (group.group_type === "ALL") return group;
    const { add, remove } = diffResourceIds(group.resource_ids, values.resource_ids);
    const membership = (method: "put" | "delete", id: string) => custom({ url: `${groupPath(group.id)}/resources/${id}`, method, values: undefined, ...quiet });
    let latest = group;
    for (const id of add) latest = (await membership("put", id)).data;
    for (const id of remove) await membership("delete", id);
    const resourceIds = remove.length ? latest.resource_ids.filter((id) => !remove.includes(id)) : latest.resource_ids;
    return { ...latest, resource_ids: resourceIds };
  };
}
