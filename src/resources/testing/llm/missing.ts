import type { HttpError } from "@refinedev/core";

/** 404, or 400 for an id that is no UUID: as missing as an unknown one. */
export const isMissing = (error: HttpError | null | undefined) => error?.statusCode === 404 || error?.statusCode === 400;
