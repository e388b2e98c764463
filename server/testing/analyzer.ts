import type { TESTING_ERRORS, TestingResults } from "../../domain/entities/testing-task";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { testingTasks } from "../db/schema";
import type { Storage } from "../storage/types";

export type TestingTaskRow = typeof testingTasks.$inferSelect;
export type TestingErrorKey = (typeof TESTING_ERRORS)[keyof typeof TESTING_ERRORS];

/** What an analysis is given: the claimed task, where its files are, and a way to report rows read (which also renews its claim). */
export interface AnalysisContext {
  db: Db;
  storage: Storage;
  config: Config;
  task: TestingTaskRow;
  progress(rowsRead: number): Promise<void>;
}

/** One data source's analysis: reads its input and answers the results, or throws a TestingFailure. */
export type Analyzer = (context: AnalysisContext) => Promise<TestingResults>;

/**
 * A run that cannot finish because of its input or the model it calls, not a fault of ours: the task ends
 * in `error` with this i18n key and its placeholders, which the status page shows in plain words.
 */
export class TestingFailure extends Error {
  constructor(
    readonly key: TestingErrorKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}
