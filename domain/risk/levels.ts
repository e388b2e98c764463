import type { IncidentSeverity } from "../entities/incident";
import type { RiskTier } from "./tiers";

/**
 * One scale for everything graded by how much it matters: risk tiers, incident severities, vendor and risk-factor
 * levels. The same level looks the same wherever it appears (chips, the dashboard, charts), so "high" means one
 * thing to the eye. `severe` is the top of each scale (a prohibited use, a critical incident); `none` is "not
 * assessed yet".
 */
export const LEVELS = ["severe", "high", "medium", "low", "none"] as const;
export type Level = (typeof LEVELS)[number];

export const tierLevel = (tier: RiskTier | null): Level => (tier === null ? "none" : tier === "prohibited" ? "severe" : tier);

export const severityLevel = (severity: IncidentSeverity): Level => (severity === "critical" ? "severe" : severity);

/** A high/medium/low risk level (a vendor's, a risk factor's) on the same scale. */
export const riskLevel = (level: "high" | "medium" | "low"): Level => level;
