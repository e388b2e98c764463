import { lowestRatio, type TestingTask } from "../../domain/entities/testing-task";
import { instantColumn, labelColumn, textColumn, type ExportColumn } from "../exports/columns";
import type { Texts } from "../i18n/texts";

/** What a finished run found, in a line, as the grid says it: adverse impact or none, and the lowest impact ratio. */
function findings(task: TestingTask, t: Texts): string | null {
  if (!task.summary) return null;
  const { flagged, adverse_impact_groups } = task.summary;
  const ratio = lowestRatio(task.summary);
  const shown = ratio === null ? t("testing.summary.undefinedRatio") : new Intl.NumberFormat(t.language, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(ratio);
  return `${flagged ? t("testing.summary.flagged", { count: adverse_impact_groups }) : t("testing.summary.clear")} · ${t("testing.summary.lowest", { ratio: shown })}`;
}

/** The Testing tab's grid columns as an export writes them: each test, its status and its findings. */
export const TESTING_TASK_EXPORT_COLUMNS: readonly ExportColumn<TestingTask>[] = [
  textColumn("name", "testing.columns.name", (task, t) => task.name?.trim() || t(`testing.dataSources.${task.data_source}`)),
  labelColumn("data_source", "testing.columns.dataSource", (task) => `testing.dataSources.${task.data_source}`),
  labelColumn("status", "testing.columns.status", (task) => `testing.statuses.${task.status}`),
  textColumn("started_by", "testing.columns.startedBy", (task) => task.started_by.name),
  instantColumn("created_at", "testing.columns.createdAt", (task) => task.created_at),
  textColumn("summary", "testing.columns.summary", (task, t) => findings(task, t)),
];
