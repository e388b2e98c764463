import type { Incident } from "../../domain/entities/incident";
import { instantColumn, labelColumn, textColumn, type ExportColumn } from "../exports/columns";

/** The incident grid's columns as an export writes them: the grid's fields and headers; a serious incident by its kind. */
export const INCIDENT_EXPORT_COLUMNS: readonly ExportColumn<Incident>[] = [
  textColumn("title", "incidents.fields.title", (i) => i.title),
  textColumn("application", "incidents.fields.application", (i) => i.application.name),
  labelColumn("severity", "incidents.fields.severity", (i) => `incidents.severities.${i.severity}`),
  labelColumn("status", "incidents.fields.status", (i) => `incidents.statuses.${i.status}`),
  instantColumn("detected_at", "incidents.fields.detectedAt", (i) => i.detected_at),
  labelColumn("serious", "incidents.fields.serious", (i) => (i.serious && i.serious_type ? `incidents.seriousTypes.${i.serious_type}` : null)),
  instantColumn("report_deadline", "incidents.columns.reportDeadline", (i) => i.report_deadline),
  textColumn("owner", "incidents.fields.owner", (i) => i.owner?.name),
];
