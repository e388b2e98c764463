import type { RoleName } from "../access/current-user";

/**
 * Feature flags: per company, on or off, optionally only for some roles or for a stable share of users.
 * The flags below guard features of the product itself; their value when a company has not set them is
 * `defaultValue`, so a new company sees every feature. An Administrator may add flags of their own.
 */
export const FLAG_KEY_PATTERN = /^[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)*$/;
export const FLAG_KEY_MAX = 64;
export const FLAG_DESCRIPTION_MAX = 500;
export const MAX_FLAGS_PER_COMPANY = 100;

export const PRODUCT_FLAGS = {
  /** The LLM testing area: prompt suites run against a model endpoint, and their reports. */
  "llm-testing": { defaultValue: true },
  /** List exports (CSV, Excel), dossiers and compliance reports, and the company export. */
  "data-export": { defaultValue: true },
} as const satisfies Record<string, { defaultValue: boolean }>;
export type ProductFlagKey = keyof typeof PRODUCT_FLAGS;

/** The product flags as evaluated for one user; a key not (yet) evaluated reads as its default. */
export type FlagValues = Partial<Record<ProductFlagKey, boolean>>;

export const isProductFlag = (key: string): key is ProductFlagKey => Object.hasOwn(PRODUCT_FLAGS, key);

/** How a flag applies: on for everyone, or narrowed to some roles and/or a percentage of users. */
export interface FlagTargeting {
  enabled: boolean;
  /** Empty: every role. */
  roles: readonly RoleName[];
  /** null: every user; otherwise 0–100, the share of users (stable per user) who get it. */
  percentage: number | null;
}
