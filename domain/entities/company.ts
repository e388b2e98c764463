import { z } from "zod";
import { nameSchema } from "../validation/rules";

/** The signed-in user's company (spec §7 Company). */
export const companySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.string().nullable(),
  industry: z.string().nullable(),
  logo_url: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;

/** A short free-text attribute; an empty string clears it like null does. */
const shortTextSchema = z.string().trim().max(100, "validation.tooLong").nullable();

export const companyUpdateSchema = z
  .object({
    name: z.optional(nameSchema),
    size: shortTextSchema.optional(),
    industry: shortTextSchema.optional(),
  })
  .strict();
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;
