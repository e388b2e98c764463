import { finishedAt } from "../task-text";
import { RACE_ETHNICITY, SEX, SEX_RACE_ETHNICITY, type TestingTask } from "../../../../domain/entities/testing-task";

export interface TrendSeries {
  category: string;
  /** The category's lowest impact ratio in each run, in run order; null where the run had no such category or it was undefined. */
  values: (number | null)[];
}

export interface Trend {
  /** When each ready run finished, oldest first. */
  dates: Date[];
  series: TrendSeries[];
}

/** The categories the law names first, in that order; any other attribute after them by name. */
const FIRST: readonly string[] = [SEX, RACE_ETHNICITY, SEX_RACE_ETHNICITY];
const categoryOrder = (a: string, b: string) => {
  const [ia, ib] = [FIRST.indexOf(a), FIRST.indexOf(b)];
  if (ia !== -1 || ib !== -1) return (ia === -1 ? FIRST.length : ia) - (ib === -1 ? FIRST.length : ib);
  return a.localeCompare(b);
};


/** Each category's lowest impact ratio across the application's ready runs over time. */
export function trendOf(tasks: readonly TestingTask[]): Trend {
  const runs = tasks
    .filter((task) => task.status === "ready" && task.summary)
    .map((task) => ({ at: new Date(finishedAt(task)), ratios: task.summary!.lowest_impact_ratio }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const categories = [...new Set(runs.flatMap((run) => Object.keys(run.ratios)))].sort(categoryOrder);
  return {
    dates: runs.map((run) => run.at),
    series: categories.map((category) => ({ category, values: runs.map((run) => run.ratios[category] ?? null) })),
  };
}

/** Whether the trend has a point to draw: LLM tests have no impact ratios, so runs alone are not enough. */
export const hasPoints = (trend: Trend) => trend.series.some((s) => s.values.some((v) => v !== null));
