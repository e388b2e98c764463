import { Link as RouterLink } from "react-router";
import { Link } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import type { TFunction } from "i18next";
import type { Vendor } from "../../../domain/entities/vendor";
import { VendorRiskChip, VendorStatusChip } from "./VendorRiskChip";

/** The vendor grid's columns; every sortable one sorts on the server (domain/entities/vendor VENDOR_SORT_KEYS). */
export function vendorColumns({ t, formatDateTime, showUrl }: { t: TFunction; formatDateTime(iso: string): string; showUrl(id: string): string }): GridColDef<Vendor>[] {
  return [
    {
      field: "name",
      headerName: t("vendors.columns.name"),
      flex: 1,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={showUrl(row.id)}>
          {row.name}
        </Link>
      ),
    },
    { field: "risk_level", headerName: t("vendors.columns.riskLevel"), width: 150, renderCell: ({ row }) => <VendorRiskChip level={row.risk_level} /> },
    { field: "status", headerName: t("vendors.columns.status"), width: 150, renderCell: ({ row }) => <VendorStatusChip status={row.status} /> },
    { field: "application_count", headerName: t("vendors.columns.applicationCount"), type: "number", width: 140 },
    { field: "updated_at", headerName: t("vendors.columns.updatedAt"), width: 190, valueFormatter: (value: string) => formatDateTime(value) },
  ];
}
