import { Link as RouterLink } from "react-router";
import { Link, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import type { TFunction } from "i18next";
import type { Incident } from "../../../domain/entities/incident";
import { IncidentStatusChip, SeverityChip } from "./IncidentChips";
import { ReportDeadline } from "./ReportDeadline";

interface ColumnOptions {
  t: TFunction;
  formatDateTime(iso: string): string;
  /** An incident's page, and its application's. */
  incidentUrl(id: string): string;
  applicationUrl(id: string): string;
  /** Left out where every row is of one application (its Incidents tab). */
  withApplication: boolean;
}

const none = (t: TFunction) => (
  <Typography variant="body2" color="text.secondary" component="span">
    {t("incidents.none")}
  </Typography>
);

/**
 * The incident grid's columns. The sortable ones are the server's sort keys (INCIDENT_SORT_KEYS): severity
 * sorts most severe first, status in workflow order, the report deadline soonest first.
 */
export function incidentColumns({ t, formatDateTime, incidentUrl, applicationUrl, withApplication }: ColumnOptions): GridColDef<Incident>[] {
  const columns: (GridColDef<Incident> | false)[] = [
    {
      field: "title",
      headerName: t("incidents.fields.title"),
      flex: 1.5,
      minWidth: 150,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={incidentUrl(row.id)}>
          {row.title}
        </Link>
      ),
    },
    withApplication && {
      field: "application",
      headerName: t("incidents.fields.application"),
      flex: 1,
      minWidth: 100,
      sortable: false,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={applicationUrl(row.application.id)}>
          {row.application.name}
        </Link>
      ),
    },
    { field: "severity", headerName: t("incidents.fields.severity"), width: 110, renderCell: ({ row }) => <SeverityChip severity={row.severity} /> },
    { field: "status", headerName: t("incidents.fields.status"), flex: 0.8, minWidth: 145, renderCell: ({ row }) => <IncidentStatusChip status={row.status} /> },
    { field: "detected_at", headerName: t("incidents.fields.detectedAt"), flex: 0.8, minWidth: 125, valueFormatter: (value: string) => formatDateTime(value) },
    {
      field: "serious",
      headerName: t("incidents.fields.serious"),
      flex: 0.8,
      minWidth: 100,
      sortable: false,
      renderCell: ({ row }) => (row.serious && row.serious_type ? t(`incidents.seriousTypes.${row.serious_type}`) : none(t)),
    },
    { field: "report_deadline", headerName: t("incidents.columns.reportDeadline"), flex: 1, minWidth: 120, renderCell: ({ row }) => <ReportDeadline incident={row} /> },
    { field: "owner", headerName: t("incidents.fields.owner"), flex: 0.8, minWidth: 115, sortable: false, renderCell: ({ row }) => row.owner?.name ?? none(t) },
  ];
  return columns.filter((c): c is GridColDef<Incident> => c !== false);
}
