import { COLORADO_SB_26_189 } from "./colorado-sb-26-189";
import { CONTROLS } from "./controls";
import { EU_AI_ACT } from "./eu-ai-act";
import { ILLINOIS_HB_3773 } from "./illinois-hb-3773";
import { ISO_42001 } from "./iso-42001";
import { NIST_AI_RMF } from "./nist-ai-rmf";
import { NYC_LL144 } from "./nyc-ll144";
import { TEXAS_TRAIGA } from "./texas-traiga";
import type { Control, Framework, Requirement } from "./types";

export * from "./types";
export { LIBRARY_VERSION } from "./version";
export {
  applicableControls,
  applicableFrameworks,
  complianceCounts,
  complianceProgress,
  frameworkApplies,
  scopeMatches,
} from "./applicability";
export { ISO_42001_GROUPS } from "./iso-42001";
export { NIST_FUNCTIONS } from "./nist-ai-rmf";
export { CONTROLS };
export { EU_AI_ACT, ISO_42001 };

/** The shipped frameworks, in display order. */
export const FRAMEWORKS: readonly Framework[] = [
  EU_AI_ACT,
  ISO_42001,
  NIST_AI_RMF,
  NYC_LL144,
  COLORADO_SB_26_189,
  TEXAS_TRAIGA,
  ILLINOIS_HB_3773,
];

/** Every requirement of every framework, in framework order. */
export const REQUIREMENTS: readonly Requirement[] = FRAMEWORKS.flatMap((f) => f.requirements);

const frameworksByKey = new Map(FRAMEWORKS.map((f) => [f.key, f]));
const requirementsById = new Map(REQUIREMENTS.map((r) => [r.id, r]));
const controlsById = new Map(CONTROLS.map((c) => [c.id, c]));

export function frameworkByKey(key: string): Framework | undefined {
  return frameworksByKey.get(key);
}

export function requirementById(id: string): Requirement | undefined {
  return requirementsById.get(id);
}

export function controlById(id: string): Control | undefined {
  return controlsById.get(id);
}

/** Controls of the catalogue that map to a requirement (the reverse crosswalk). */
export function controlsForRequirement(requirementId: string): Control[] {
  return CONTROLS.filter((c) => c.requirement_ids.includes(requirementId));
}
