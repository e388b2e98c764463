import { z } from "zod";
import { GROUP_TYPES } from "../access/current-user";
import { listResponseSchema } from "../api/list";

/** GET /applications/{id}/authorized-users: who reaches the application, and through what. */
export const authorizedUserSchema = z.object({
  user_id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  roles: z.array(
    z.object({
      name: z.string(),
      /** A resource group's assignment, or a grant on this application alone. */
      via: z.enum(["resource_group", "application"]),
      resource_group: z.object({ id: z.uuid(), name: z.string(), group_type: z.enum(GROUP_TYPES) }).nullable(),
    }),
  ),
});
export const authorizedUserListResponseSchema = listResponseSchema(authorizedUserSchema);

/** GET /applications/{id}/role-assignments: the roles granted on one application. */
export const applicationGrantSchema = z.object({
  user: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  role: z.object({ id: z.uuid(), name: z.string() }),
  created_at: z.string(),
});
export const applicationGrantListResponseSchema = z.object({ items: z.array(applicationGrantSchema) });
export const applicationGrantBodySchema = z.object({ user_id: z.uuid(), role_id: z.uuid() }).strict();
export const applicationGrantQuerySchema = z.strictObject({ user_id: z.uuid(), role_id: z.uuid() });

/** GET /applications/role-assignments/user: the caller's role names on each application they see. */
export const callerApplicationRolesResponseSchema = listResponseSchema(
  z.object({ application_id: z.uuid(), application_name: z.string(), roles: z.array(z.string()) }),
);
