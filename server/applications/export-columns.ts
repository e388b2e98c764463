import type { Application } from "../../domain/entities/application";
import { tierLabelKey } from "../../domain/risk";
import { approvalStatusLabelKey, developmentStatusLabelKey } from "../../domain/workflow";
import { dateColumn, instantColumn, labelColumn, textColumn, type ExportColumn } from "../exports/columns";

/** The inventory grid's columns as an export writes them: the grid's fields and headers. */
export const APPLICATION_EXPORT_COLUMNS: readonly ExportColumn<Application>[] = [
  textColumn("name", "applications.fields.name", (a) => a.name),
  textColumn("description", "applications.fields.description", (a) => a.description),
  labelColumn("risk_tier", "applications.fields.riskTier", (a) => tierLabelKey(a.risk_tier)),
  labelColumn("approval_status", "applications.fields.approvalStatus", (a) => approvalStatusLabelKey(a.approval_status)),
  labelColumn("development_status", "applications.fields.developmentStatus", (a) => developmentStatusLabelKey(a.development_status)),
  textColumn("owner", "applications.fields.owner", (a) => a.owner?.name),
  dateColumn("next_review_due", "applications.fields.nextReviewDue", (a) => a.next_review_due),
  instantColumn("updated_at", "applications.fields.updated", (a) => a.updated_at),
  instantColumn("created_at", "applications.fields.created", (a) => a.created_at),
];
