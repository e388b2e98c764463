import type { TFunction } from "i18next";
import { RACE_ETHNICITY, SEX, SEX_RACE_ETHNICITY, TESTING_ERRORS, type TestingTask } from "../../../domain/entities/testing-task";
import { PROMPT_ATTRIBUTES } from "../../../domain/testing/prompt-sets/attributes";

export { lowestRatio } from "../../../domain/entities/testing-task";

/**
 * The categories the law names and those of the LLM prompt sets have their own words in each language; any other
 * attribute (a column of the user's file) reads as itself ("region_code" → "Region code").
 */
const NAMED_CATEGORIES: readonly string[] = [SEX, RACE_ETHNICITY, SEX_RACE_ETHNICITY, ...PROMPT_ATTRIBUTES];

export function categoryLabel(t: TFunction, category: string): string {
  if (NAMED_CATEGORIES.includes(category)) return t(`testing.categories.${category}`);
  const words = category.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
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
