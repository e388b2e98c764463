import { FAIRNESS_METRICS, type FairnessResults } from "../../../domain/entities/testing-task";
import { neutralisedText, numberCell, plainDecimal, type Cell } from "./cells";
import type { ReportSubject } from "./report-subject";
import type { ReportText } from "./texts";

/** A table of the results: its rows under a header, as a CSV block or a worksheet. */
export interface TableBlock {
  /** The worksheet's name in the reader's language. */
  title: string;
  header: string[];
  rows: Cell[][];
}

const GROUP_COLUMNS = ["count", "share", "positives", "rate", "ci_low", "ci_high", "impact_ratio", "excluded", "small", "adverse_impact", "p_value"] as const;

/** Every text cell is neutralised here, once, so neither the CSV nor the workbook can carry a formula from the data. */
function block(title: string, header: string[], rows: Cell[][]): TableBlock {
  const safe = (cell: Cell) => (typeof cell === "string" ? neutralisedText(cell) : cell);
  return { title, header: header.map((h) => neutralisedText(h)), rows: rows.map((row) => row.map(safe)) };
}

function groupsBlock(results: FairnessResults, t: ReportText): TableBlock {
  const groups = results.categories.flatMap((category) => category.groups);
  // True and false positive rates exist only when the actual outcome was mapped.
  const withRates = groups.some((g) => g.tpr !== undefined || g.fpr !== undefined);
  const columns = ["category", "group", ...GROUP_COLUMNS, ...(withRates ? (["tpr", "fpr"] as const) : [])];
  const rows = results.categories.flatMap((category) =>
    category.groups.map((g): Cell[] => [
      category.category,
      g.group,
      g.count,
      numberCell(g.share),
      g.positives,
      numberCell(g.rate),
      numberCell(g.ci_low),
      numberCell(g.ci_high),
      numberCell(g.impact_ratio),
      g.excluded,
      g.small,
      g.adverse_impact,
      numberCell(g.p_value),
      ...(withRates ? [numberCell(g.tpr), numberCell(g.fpr)] : []),
    ]),
  );
  return block(t("sheets.groups"), columns.map((c) => t(`columns.${c}`)), rows);
}

function metricsBlock(results: FairnessResults, t: ReportText): TableBlock {
  const header = [t("columns.category"), t("columns.most_selected"), t("columns.unknown"), ...FAIRNESS_METRICS.map((m) => t(`metrics.${m}`))];
  const rows = results.categories.map((c): Cell[] => [c.category, c.most_selected ?? "", c.unknown, ...FAIRNESS_METRICS.map((m) => numberCell(c.metrics[m]))]);
  return block(t("sheets.metrics"), header, rows);
}

function counterfactualBlocks(results: FairnessResults, t: ReportText): TableBlock[] {
  if (!results.counterfactual?.length) return [];
  const summary = results.counterfactual.map((c): Cell[] => [c.attribute, c.twin_sets, numberCell(c.flip_rate)]);
  const gaps = results.counterfactual.flatMap((c) =>
    c.largest_gaps.map((gap): Cell[] => [
      c.attribute,
      gap.twin_set,
      numberCell(gap.gap),
      Object.entries(gap.scores)
        .map(([group, score]) => `${group}=${plainDecimal(score)}`)
        .join("; "),
    ]),
  );
  return [
    block(t("sheets.counterfactual"), ["attribute", "twin_sets", "flip_rate"].map((c) => t(`columns.${c}`)), summary),
    block(t("sheets.twinGaps"), ["attribute", "twin_set", "gap", "scores"].map((c) => t(`columns.${c}`)), gaps),
  ];
}

function provenanceBlock(subject: ReportSubject, t: ReportText): TableBlock {
  const { results, task } = subject;
  const { provenance } = results;
  const fields: [string, Cell][] = [
    ["company", subject.companyName],
    ["application", subject.applicationName],
    ["test", task.name ?? ""],
    ["task_id", task.id],
    ["data_source", t(`dataSources.${task.dataSource}`)],
    ["audit_date", task.finishedAt.toISOString()],
    ["started_by", task.startedBy],
    ["document", task.documentName ?? ""],
    ["sample_size", results.sample_size],
    ["outcome_type", t(`outcomeTypes.${results.outcome_type}`)],
    ...(results.median_score !== undefined ? [["median_score", numberCell(results.median_score)] as [string, Cell]] : []),
    ["input_sha256", provenance.input_sha256],
    ["rows_read", provenance.rows_read],
    ["rows_without_outcome", provenance.rows_without_outcome],
    ["columns", JSON.stringify(provenance.columns)],
    ["metric_definitions_version", provenance.metric_definitions_version],
    ["steward_version", provenance.steward_version],
    ...(provenance.population ? [["population", JSON.stringify(provenance.population)] as [string, Cell]] : []),
  ];
  return block(t("sheets.provenance"), [t("columns.field"), t("columns.value")], fields.map(([key, value]) => [t(`provenance.${key}`), value]));
}

/**
 * The results as tables: one row per category × group, the metrics per category, the counterfactual twins
 * when the test had them, and where the figures came from. Headers in the reader's language; figures at full
 * precision (undefined ones empty); categories and groups as the data names them.
 */
export function resultsTable(subject: ReportSubject, t: ReportText): TableBlock[] {
  const { results } = subject;
  return [groupsBlock(results, t), metricsBlock(results, t), ...counterfactualBlocks(results, t), provenanceBlock(subject, t)];
}
