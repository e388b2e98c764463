import { z } from "zod";

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 200;

/**
 * The shared list query; each list adds its own sort keys and filters. Strict: a parameter the list does not
 * know is refused by name rather than silently ignored (a misspelt filter would otherwise look like no match).
 */
export function listQuerySchema<const K extends readonly [string, ...string[]]>(sortKeys: K) {
  const sortValues = sortKeys.flatMap((k) => [k, `-${k}`]) as [string, ...string[]];
  return z.strictObject({
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
    sort: z.enum(sortValues).optional(),
    q: z.string().trim().max(200).optional(),
  });
}

/** `flag=true|false` in a query string (a bare coercion would read "false" as true). */
export const queryBoolean = z.enum(["true", "false"]).transform((v) => v === "true");

/** A repeated query parameter arrives as a string once and as an array after that. */
export function multiValue<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item).optional());
}

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    /** Set when `total` is the database's estimate rather than a count (very long lists). */
    total_is_estimate: z.literal(true).optional(),
  });
}
