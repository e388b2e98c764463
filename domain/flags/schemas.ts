import { z } from "zod";
import { ROLE_NAMES } from "../access/current-user";
import { listResponseSchema } from "../api/list";
import { FLAG_DESCRIPTION_MAX, FLAG_KEY_MAX, FLAG_KEY_PATTERN } from "./catalogue";

/** A flag as Admin → Feature flags lists it: the product's own (stored or at its default) and the company's. */
export const featureFlagSchema = z.object({
  key: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  roles: z.array(z.enum(ROLE_NAMES)),
  percentage: z.number().int().nullable(),
  /** One of the product's own flags (it guards a feature of Steward): it can be reset, not deleted. */
  product: z.boolean(),
  /** 0 while a product flag is at its default (nothing stored yet). */
  version: z.number().int(),
  updated_at: z.string().nullable(),
});
export type FeatureFlag = z.infer<typeof featureFlagSchema>;

export const featureFlagListResponseSchema = listResponseSchema(featureFlagSchema);

export const flagKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(FLAG_KEY_MAX)
  .regex(FLAG_KEY_PATTERN, "use lower-case letters and digits, parts joined by - _ or .");

const rolesSchema = z
  .array(z.enum(ROLE_NAMES))
  .max(ROLE_NAMES.length)
  .refine((roles) => new Set(roles).size === roles.length, "names a role twice");

/** The settings of a flag, as the form edits them. */
export const featureFlagSettingsSchema = z.strictObject({
  description: z.string().trim().max(FLAG_DESCRIPTION_MAX),
  enabled: z.boolean(),
  roles: rolesSchema,
  percentage: z.number().int().min(0).max(100).nullable(),
});
export type FeatureFlagSettings = z.infer<typeof featureFlagSettingsSchema>;

/** POST /feature-flags: a flag of the company's own. */
export const featureFlagCreateSchema = featureFlagSettingsSchema.extend({ key: flagKeySchema });
export type FeatureFlagCreate = z.infer<typeof featureFlagCreateSchema>;

/** PATCH /feature-flags/{key}: the settings to change. */
export const featureFlagPatchSchema = featureFlagSettingsSchema.partial();
export type FeatureFlagPatch = z.infer<typeof featureFlagPatchSchema>;

export const featureFlagKeyParamsSchema = z.object({ key: flagKeySchema });
