import { type Vendor } from "../../domain/entities/vendor";
import { vendorRiskLevelKey } from "../../domain/vendors";
import { instantColumn, labelColumn, numberColumn, textColumn, type ExportColumn } from "../exports/columns";

/** The vendor grid's columns as an export writes them: the grid's fields and headers. */
export const VENDOR_EXPORT_COLUMNS: readonly ExportColumn<Vendor>[] = [
  textColumn("name", "vendors.columns.name", (v) => v.name),
  labelColumn("risk_level", "vendors.columns.riskLevel", (v) => vendorRiskLevelKey(v.risk_level)),
  labelColumn("status", "vendors.columns.status", (v) => `vendors.statuses.${v.status}`),
  numberColumn("application_count", "vendors.columns.applicationCount", (v) => v.application_count),
  instantColumn("updated_at", "vendors.columns.updatedAt", (v) => v.updated_at),
];
