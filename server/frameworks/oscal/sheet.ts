import { controlsForRequirement, type Framework, type Requirement } from "../../../domain/frameworks";
import { listColumn, textColumn, type ExportColumn } from "../../exports/columns";

/** One requirement of a framework as the framework's workbook lists it. */
export interface FrameworkSheetRow {
  framework: Framework;
  requirement: Requirement;
}

const groupOf = (r: Requirement) => (r.subgroup ? `${r.group} › ${r.subgroup}${r.subgroup_title ? ` — ${r.subgroup_title}` : ""}` : r.group);

/**
 * The framework's workbook: the catalog's content as rows. Guidance and parent are the catalog model's
 * (imported frameworks have them); the shipped library leaves them empty.
 */
export const FRAMEWORK_SHEET_COLUMNS: readonly ExportColumn<FrameworkSheetRow>[] = [
  textColumn("framework", "reports.columns.framework.framework", (r) => r.framework.short_name),
  textColumn("group", "reports.columns.framework.group", (r) => groupOf(r.requirement)),
  textColumn("id", "reports.columns.framework.id", (r) => r.requirement.ref),
  textColumn("title", "reports.columns.framework.title", (r) => r.requirement.title),
  textColumn("statement", "reports.columns.framework.statement", (r) => r.requirement.summary),
  textColumn("guidance", "reports.columns.framework.guidance", () => null),
  textColumn("parent", "reports.columns.framework.parent", () => null),
  listColumn("controls", "reports.columns.framework.controls", (r) => controlsForRequirement(r.requirement.id).map((c) => `${c.id} ${c.name}`)),
];

export const frameworkSheetRows = (framework: Framework): FrameworkSheetRow[] => framework.requirements.map((requirement) => ({ framework, requirement }));
