import { z } from "zod";
import { GROUP_TYPES } from "../access/current-user";
import { listQuerySchema, listResponseSchema } from "../api/list";
import { nameSchema } from "../validation/rules";

/** Resource groups as the admin pages see them: ALL covers every application, SELECTED lists them. */
export const resourceGroupSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  group_type: z.enum(GROUP_TYPES),
  resource_ids: z.array(z.uuid()),
  created_at: z.string(),
  /** The edit counter: send it back as `If-Match: "<version>"` so a stale edit is refused with 412. */
  version: z.number().int(),
});
export type ResourceGroup = z.infer<typeof resourceGroupSchema>;

export const RESOURCE_GROUP_SORT_KEYS = ["name", "created_at"] as const;
export const resourceGroupListQuerySchema = listQuerySchema(RESOURCE_GROUP_SORT_KEYS);
export const resourceGroupListResponseSchema = listResponseSchema(resourceGroupSchema);

export const resourceGroupCreateSchema = z.object({
  name: nameSchema,
  group_type: z.enum(GROUP_TYPES),
});

export const resourceGroupUpdateSchema = z
  .object({
    name: z.optional(nameSchema),
    group_type: z.enum(GROUP_TYPES).optional(),
  })
  .strict();

export const resourceGroupIdParamsSchema = z.object({ resource_group_id: z.uuid() });
export const resourceGroupResourceParamsSchema = z.object({ resource_group_id: z.uuid(), resource_id: z.uuid() });
