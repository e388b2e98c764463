import { z } from "zod";
import { nameSchema } from "../validation/rules";

export const ROLE_NAMES = ["Administrator", "ApplicationContributor", "ApplicationReviewer", "ApplicationApprover"] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const GROUP_TYPES = ["ALL", "SELECTED"] as const;
export type GroupType = (typeof GROUP_TYPES)[number];

export const LANGUAGE_CODES = ["en", "es"] as const;

/** GET /v2/access/user: the signed-in user with their roles per resource group. */
export const currentUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  language: z.enum(LANGUAGE_CODES),
  roles: z.array(
    z.object({
      name: z.string(),
      resource_group: z.object({ id: z.uuid(), name: z.string(), group_type: z.enum(GROUP_TYPES) }),
    }),
  ),
  companyId: z.uuid(),
  /** Roles granted on single applications (on top of the groups). */
  application_roles: z.array(z.object({ name: z.string(), application_id: z.uuid() })).default([]),
  /**
   * What the user may do, as CASL's packed rules (`abilityFromPacked` rebuilds the ability): the same
   * rules the API enforces, naming the groups (never their applications), so the browser decides per record
   * on the `resource_group_ids` the API returns with each application, incident and testing task.
   */
  rules: z.array(z.array(z.unknown())),
  /** The person asked that nothing about their use be sent to product analytics (always sent for a person). */
  analytics_opt_out: z.boolean().optional(),
});

export type CurrentUser = z.infer<typeof currentUserSchema>;

/** PATCH /v2/access/user: the signed-in person changes their own profile and analytics choice (the Settings page). */
export const currentUserUpdateSchema = z
  .object({
    first_name: z.optional(nameSchema),
    last_name: z.optional(nameSchema),
    language: z.enum(LANGUAGE_CODES).optional(),
    analytics_opt_out: z.boolean().optional(),
  })
  .strict();
