import type { TFunction } from "i18next";
import { TESTING_ERRORS, type TestingTask } from "../../../domain/entities/testing-task";

export { lowestRatio } from "../../../domain/entities/testing-task";

/**
 * A protected attribute's name for readers: the law's categories and the usual attributes (gender, ethnicity,
 * age band) in the reader's language; any other key reads as itself ("disability_flag" → "Disability flag").
 */
export function categoryLabel(t: TFunction, category: string): string {
  const named = t(`testing.categories.${category}`, { defaultValue: "" });
  if (named) return named;
  const words = category.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A group's key as the locales list it: lower case, spaces and hyphens as underscores ("Non-binary" → "non_binary"). */
const valueKey = (value: string) => value.trim().toLowerCase().replace(/[\s-]+/g, "_");

/**
 * A group's name for readers: the values Steward's prompt sets and demos use (female, hispanic_latino…) in the
 * reader's language, an intersection part by part ("Female × Asian"); any other value as the data has it.
 */
export function groupLabel(t: TFunction, group: string): string {
  if (group.includes(" × ")) return group.split(" × ").map((part) => groupLabel(t, part)).join(" × ");
  return t(`testing.groupValues.${valueKey(group)}`, { defaultValue: group });
}

/** A task as people name it: its own name, else what it tested. */
export function taskTitle(t: TFunction, task: Pick<TestingTask, "name" | "data_source">): string {
  return task.name?.trim() || t(`testing.dataSources.${task.data_source}`);
}

/**
 * Why the task failed, in plain words: its error key filled with its parameters. A key this browser does not
 * know (a newer server) reads as the generic failure rather than as the key.
 */
export function failureText(t: TFunction, exists: (key: string) => boolean, task: Pick<TestingTask, "error" | "error_params">): string | null {
  if (!task.error) return null;
  return exists(task.error) ? t(task.error, task.error_params ?? {}) : t(TESTING_ERRORS.failed);
}

/** An impact ratio to three decimals in the reader's language; a null ratio (a most-selected rate of 0) is undefined, never NaN. */
export function formatRatio(t: TFunction, locale: string, ratio: number | null | undefined): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return t("testing.summary.undefinedRatio");
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(ratio);
}


/** When a run became ready: its last move to `ready`, else its last change. */
export const finishedAt = (task: Pick<TestingTask, "history" | "updated_at">) =>
  [...task.history].reverse().find((h) => h.status === "ready")?.at ?? task.updated_at;
