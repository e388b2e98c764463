import type { Requirement } from "../types";

export const NIST_KEY = "nist-ai-rmf";
export const NIST_FUNCTIONS = ["GOVERN", "MAP", "MEASURE", "MANAGE"] as const;
export type NistFunction = (typeof NIST_FUNCTIONS)[number];

/** [title, summary] of one subcategory, in our own words. */
export type Subcategory = readonly [title: string, summary: string];

/**
 * One category and its subcategories; subcategory numbers follow the array order
 * (GOVERN 1.1, 1.2, …), so the data cannot skip or repeat a number.
 */
export function category(fn: NistFunction, n: number, title: string, subs: readonly Subcategory[]): Requirement[] {
  return subs.map(([subTitle, summary], i) => ({
    id: `${NIST_KEY}:${fn}-${n}.${i + 1}`,
    framework_key: NIST_KEY,
    ref: `${fn} ${n}.${i + 1}`,
    group: fn,
    subgroup: `${fn} ${n}`,
    subgroup_title: title,
    title: subTitle,
    summary,
  }));
}
