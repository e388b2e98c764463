import { tierLabelKey } from "../../../domain/risk";
import { dateColumn, labelColumn, numberColumn, textColumn, yesNoColumn, type ExportColumn } from "../../exports/columns";
import { oneBatch } from "../../exports/route";
import type { XlsxSheet } from "../../exports/xlsx";
import type { Texts } from "../../i18n/texts";
import type { ComplianceReport, Gap, ReportApplication, RequirementStanding } from "./model";

type RequirementLine = { standing: RequirementStanding; control: RequirementStanding["controls"][number] | null };

const REQUIREMENT_COLUMNS: readonly ExportColumn<RequirementLine>[] = [
  textColumn("ref", "reports.columns.requirements.ref", (l) => l.standing.requirement.ref),
  textColumn("requirement", "reports.columns.requirements.title", (l) => l.standing.requirement.title),
  textColumn("control", "reports.compliance.columns.control", (l) => (l.control ? `${l.control.control.id} ${l.control.control.name}` : null)),
  numberColumn("implemented", "reports.compliance.columns.implemented", (l) => l.control?.counts.implemented),
  numberColumn("not_applicable", "reports.compliance.columns.notApplicable", (l) => l.control?.counts.not_applicable),
  numberColumn("missing", "reports.compliance.columns.missing", (l) => l.control?.counts.missing),
];

const GAP_COLUMNS: readonly ExportColumn<Gap>[] = [
  textColumn("ref", "reports.columns.requirements.ref", (g) => g.requirement.ref),
  textColumn("control", "reports.compliance.columns.control", (g) => `${g.control.id} ${g.control.name}`),
  textColumn("application", "reports.compliance.columns.application", (g) => g.application.name),
  labelColumn("tier", "applications.fields.riskTier", (g) => tierLabelKey(g.application.tier)),
  labelColumn("status", "controls.status", (g) => `controls.statuses.${g.status}`),
  textColumn("owner", "controls.owner", (g) => g.owner),
  dateColumn("due_date", "controls.dueDate", (g) => g.dueDate),
  yesNoColumn("overdue", "controls.overdue", (g) => g.overdue),
];

const APPLICATION_COLUMNS: readonly ExportColumn<ReportApplication>[] = [
  textColumn("application", "reports.compliance.columns.application", (a) => a.name),
  labelColumn("tier", "applications.fields.riskTier", (a) => tierLabelKey(a.tier)),
  numberColumn("implemented", "reports.compliance.columns.implemented", (a) => a.counts.implemented),
  numberColumn("not_applicable", "reports.compliance.columns.notApplicable", (a) => a.counts.not_applicable),
  numberColumn("missing", "reports.compliance.columns.missing", (a) => a.counts.missing),
];

/** The compliance report as workbook sheets: requirements with their controls' counts, the gaps, the applications in scope. */
export function complianceSheets(report: ComplianceReport, t: Texts): XlsxSheet<never>[] {
  const lines = report.requirements.flatMap((standing): RequirementLine[] => (standing.controls.length ? standing.controls.map((control) => ({ standing, control })) : [{ standing, control: null }]));
  const sheets: XlsxSheet<unknown>[] = [
    { title: t("reports.compliance.sections.requirements"), columns: REQUIREMENT_COLUMNS as readonly ExportColumn<unknown>[], rows: oneBatch(lines) },
    { title: t("reports.compliance.sections.gaps"), columns: GAP_COLUMNS as readonly ExportColumn<unknown>[], rows: oneBatch(report.gaps) },
    { title: t("reports.compliance.sections.applications"), columns: APPLICATION_COLUMNS as readonly ExportColumn<unknown>[], rows: oneBatch(report.applications) },
  ];
  return sheets as XlsxSheet<never>[];
}
