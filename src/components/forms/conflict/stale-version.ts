import type { HttpError } from "@refinedev/core";

/** The header that makes a write refuse to replace a newer version of the record than the one edited. */
export const ifMatch = (version: number): Record<string, string> => ({ "If-Match": `"${version}"` });

/** A write refused because someone else saved the record after it was loaded (412). */
export const isStaleVersion = (error: unknown): boolean => (error as Partial<HttpError> | undefined)?.statusCode === 412;
