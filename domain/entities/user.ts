import { z } from "zod";
import { GROUP_TYPES, LANGUAGE_CODES } from "../access/current-user";
import { listQuerySchema, listResponseSchema } from "../api/list";
import { nameSchema } from "../validation/rules";

/** Users of the company as the admin pages see them. */
const userRoleSchema = z.object({
  role_id: z.uuid(),
  name: z.string(),
  resource_group: z.object({ id: z.uuid(), name: z.string(), group_type: z.enum(GROUP_TYPES) }),
});

export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  language: z.enum(LANGUAGE_CODES),
  created_at: z.string(),
  roles: z.array(userRoleSchema),
  /** The edit counter: send it back as `If-Match: "<version>"` so a stale edit is refused with 412. */
  version: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

export const USER_SORT_KEYS = ["name", "email", "created_at"] as const;
export const userListQuerySchema = listQuerySchema(USER_SORT_KEYS);
export const userListResponseSchema = listResponseSchema(userSchema);

const emailSchema = z.email("validation.email").trim().toLowerCase().max(254);

export const userCreateSchema = z.object({
  email: emailSchema,
  first_name: nameSchema,
  last_name: nameSchema,
  language: z.enum(LANGUAGE_CODES).default("en"),
});

export const userUpdateSchema = z
  .object({
    first_name: z.optional(nameSchema),
    last_name: z.optional(nameSchema),
    language: z.enum(LANGUAGE_CODES).optional(),
  })
  .strict();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** Either the user's id or e-mail (one of them). */
export const resetTemporaryPasswordSchema = z
  .object({ user_id: z.uuid().optional(), email: emailSchema.optional() })
  .refine((v) => v.user_id !== undefined || v.email !== undefined, { message: "Give user_id or email.", path: ["user_id"] });

export const userIdParamsSchema = z.object({ user_id: z.uuid() });
export const userRoleParamsSchema = z.object({ user_id: z.uuid(), role_id: z.uuid() });
export const userRoleGroupParamsSchema = z.object({ user_id: z.uuid(), role_id: z.uuid(), resource_group_id: z.uuid() });

export const roleSchema = z.object({ id: z.uuid(), name: z.string() });
export const roleListResponseSchema = z.object({ items: z.array(roleSchema) });
