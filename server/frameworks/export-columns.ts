import type { ApplicationControl, CatalogueControl, FrameworkRequirement } from "../../domain/entities/framework";
import { tierLabelKey } from "../../domain/risk";
import { dateColumn, labelColumn, listColumn, numberColumn, textColumn, yesNoColumn, type ExportColumn } from "../exports/columns";

/** A requirement with the catalogue controls mapped to it, as a framework's requirements export lists it. */
export interface RequirementRow {
  requirement: FrameworkRequirement;
  controls: CatalogueControl[];
}

/** A framework's requirements, in library order, each with its mapped controls. */
export const REQUIREMENT_EXPORT_COLUMNS: readonly ExportColumn<RequirementRow>[] = [
  textColumn("ref", "reports.columns.requirements.ref", (r) => r.requirement.ref),
  textColumn("group", "reports.columns.requirements.group", (r) => r.requirement.group),
  textColumn("title", "reports.columns.requirements.title", (r) => r.requirement.title),
  textColumn("summary", "reports.columns.requirements.summary", (r) => r.requirement.summary),
  listColumn("applies_to_tiers", "reports.columns.requirements.appliesToTiers", (r, t) => (r.requirement.applies_to_tiers ?? []).map((tier) => t(tierLabelKey(tier)))),
  dateColumn("applies_from", "reports.columns.requirements.appliesFrom", (r) => r.requirement.applies_from),
  listColumn("controls", "reports.columns.requirements.controls", (r) => r.controls.map((c) => `${c.id} ${c.name}`)),
];

/** An application's controls as its Controls tab shows them: status, owner, due date and evidence. */
export const APPLICATION_CONTROL_EXPORT_COLUMNS: readonly ExportColumn<ApplicationControl>[] = [
  textColumn("id", "reports.columns.controls.id", (c) => c.id),
  textColumn("name", "reports.columns.controls.name", (c) => c.name),
  listColumn("requirements", "reports.columns.controls.requirements", (c) => c.requirements.map((r) => `${r.framework_short_name} ${r.ref}`)),
  labelColumn("status", "reports.columns.controls.status", (c) => `controls.statuses.${c.status}`),
  textColumn("owner", "reports.columns.controls.owner", (c) => c.owner?.name),
  dateColumn("due_date", "reports.columns.controls.dueDate", (c) => c.due_date),
  yesNoColumn("overdue", "reports.columns.controls.overdue", (c) => c.overdue),
  numberColumn("evidence_count", "reports.columns.controls.evidence", (c) => c.evidence_count),
  numberColumn("expired_evidence_count", "reports.columns.controls.expiredEvidence", (c) => c.expired_evidence_count),
];

