import type { DataSource, FairnessResults } from "../../../domain/entities/testing-task";

/**
 * Everything a report of a finished test says, gathered once: the results and the facts about the run that
 * the published summary must name. Reports are pure functions of this and a language.
 */
export interface ReportSubject {
  results: FairnessResults;
  task: {
    id: string;
    /** The name the user gave the test, if any. */
    name: string | null;
    dataSource: DataSource;
    /** The analysed document's name, while the document still exists. */
    documentName: string | null;
    startedBy: string;
    /** When the run finished: the date of the bias audit. */
    finishedAt: Date;
  };
  applicationName: string;
  companyName: string;
  /** The date the tool was first distributed for use (YYYY-MM-DD), when known. */
  distributionDate?: string | null;
}
