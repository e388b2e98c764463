import type { RiskTier } from "../types";

/** Short builders for requirement ids, so the crosswalk stays readable. */
export const eu = (...locals: string[]) => locals.map((l) => `eu-ai-act:${l}`);
export const iso = (...refs: string[]) => refs.map((r) => `iso-42001:${r}`);
/** nist("GOVERN-1.1", "MAP-2.2") */
export const nist = (...refs: string[]) => refs.map((r) => `nist-ai-rmf:${r}`);
export const nyc = (...locals: string[]) => locals.map((l) => `nyc-ll144:${l}`);
export const co = (...locals: string[]) => locals.map((l) => `colorado-sb-26-189:${l}`);
export const tx = (...locals: string[]) => locals.map((l) => `texas-traiga:${l}`);
export const il = (...locals: string[]) => locals.map((l) => `illinois-hb-3773:${l}`);

/** EU Art. 5(1)(a)–(h) plus the 2026 ban. */
export const EU_ART_5 = eu(...["a", "b", "c", "d", "e", "f", "g", "h"].map((x) => `art-5-${x}`), "art-5-ncii");
/** TRAIGA prohibitions that bind everyone. */
export const TX_PROHIBITIONS = tx("no-harmful-manipulation", "no-unlawful-discrimination", "no-rights-infringement", "no-sexual-deepfakes-csam");

// Tier sets: heavy controls for high, fewer for medium, a baseline for low.
export const ALL: RiskTier[] = ["prohibited", "high", "medium", "low"];
export const HML: RiskTier[] = ["high", "medium", "low"];
export const HM: RiskTier[] = ["high", "medium"];
export const H: RiskTier[] = ["high"];
export const P: RiskTier[] = ["prohibited"];
