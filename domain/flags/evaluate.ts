import { roleMatches } from "../access/abilities";
import type { RoleName } from "../access/current-user";
import { flagBucket } from "./bucket";
import { PRODUCT_FLAGS, isProductFlag, type FlagTargeting } from "./catalogue";

/** Why a flag has its value, in the OpenFeature reason vocabulary. */
export type FlagReason = "DISABLED" | "TARGETING_MATCH" | "STATIC" | "DEFAULT";

export interface FlagEvaluation {
  value: boolean;
  reason: FlagReason;
  variant: "on" | "off";
}

/** Who a flag is evaluated for: the signed-in caller's id (the bucket) and role names. */
export interface FlagSubject {
  userId: string;
  roles: readonly string[];
}

const result = (value: boolean, reason: FlagReason): FlagEvaluation => ({ value, reason, variant: value ? "on" : "off" });

/**
 * The one rule of a stored flag: off → false; limited to roles the user has none of → false; limited to a
 * share of users → on for the users whose stable bucket falls below it; else on for everyone.
 */
export function evaluateTargeting(key: string, flag: FlagTargeting, subject: FlagSubject): FlagEvaluation {
  if (!flag.enabled) return result(false, "DISABLED");
  const narrowed = flag.roles.length > 0 || flag.percentage !== null;
  if (flag.roles.length > 0 && !subject.roles.some((name) => flag.roles.some((role: RoleName) => roleMatches(name, role)))) {
    return result(false, "TARGETING_MATCH");
  }
  if (flag.percentage !== null) return result(flagBucket(key, subject.userId) < flag.percentage, "TARGETING_MATCH");
  return result(true, narrowed ? "TARGETING_MATCH" : "STATIC");
}

/**
 * A flag by key: the company's stored one, else the product's default, else undefined (no such flag).
 */
export function evaluateFlag(key: string, stored: FlagTargeting | undefined, subject: FlagSubject): FlagEvaluation | undefined {
  if (stored) return evaluateTargeting(key, stored, subject);
  if (isProductFlag(key)) return result(PRODUCT_FLAGS[key].defaultValue, "DEFAULT");
  return undefined;
}
