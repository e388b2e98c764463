import { Link as RouterLink } from "react-router";
import { Link, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import type { TFunction } from "i18next";
import type { Application } from "../../../../domain/entities/application";
import { ReviewDue } from "../../../components/risk/ReviewDue";
import { ApprovalStatusChip, DevelopmentStatusChip } from "../../../components/risk/StatusChip";
import { TierChip } from "../../../components/risk/TierChip";
import { RecordAccessCell } from "./RecordAccessCell";

interface ColumnOptions {
  t: TFunction;
  formatDateTime(iso: string): string;
  /** An application's page. */
  showUrl(id: string): string;
}

/** Shown until the user picks their own columns: the rest are in the column chooser. */
export const DEFAULT_HIDDEN_COLUMNS = { description: false, created_at: false } as const;

/** Where the grid is narrower (a 1280 px window), "Updated" starts in the column chooser too, so the rest fit. */
export const NARROW_HIDDEN_COLUMNS = { ...DEFAULT_HIDDEN_COLUMNS, updated_at: false } as const;
/** The window width from which every default column fits beside the open sider. */
export const WIDE_ENOUGH_PX = 1360;

/**
 * The inventory's columns. Every sortable field is one of the server's sort keys (the grid
 * sorts on the server); the status columns sort by workflow order there, not alphabetically.
 */
export function applicationColumns({ t, formatDateTime, showUrl }: ColumnOptions): GridColDef<Application>[] {
  return [
    {
      field: "name",
      headerName: t("applications.fields.name"),
      flex: 1.5,
      minWidth: 160,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={showUrl(row.id)}>
          {row.name}
        </Link>
      ),
    },
    {
      field: "description",
      headerName: t("applications.fields.description"),
      flex: 2,
      minWidth: 220,
      sortable: false,
    },
    {
      field: "risk_tier",
      headerName: t("applications.fields.riskTier"),
      flex: 0.8,
      minWidth: 125,
      renderCell: ({ row }) => <TierChip tier={row.risk_tier} />,
    },
    {
      field: "approval_status",
      headerName: t("applications.fields.approvalStatus"),
      flex: 1,
      minWidth: 165,
      renderCell: ({ row }) => <ApprovalStatusChip status={row.approval_status} />,
    },
    {
      field: "development_status",
      headerName: t("applications.fields.developmentStatus"),
      flex: 0.9,
      minWidth: 140,
      renderCell: ({ row }) => <DevelopmentStatusChip status={row.development_status} />,
    },
    {
      field: "owner",
      headerName: t("applications.fields.owner"),
      flex: 1,
      minWidth: 120,
      valueGetter: (_value, row) => row.owner?.name ?? "",
      renderCell: ({ row }) =>
        row.owner ? (
          row.owner.name
        ) : (
          <Typography variant="body2" color="text.secondary" component="span">
            {t("applications.noOwner")}
          </Typography>
        ),
    },
    {
      field: "next_review_due",
      headerName: t("applications.fields.nextReviewDue"),
      flex: 0.8,
      minWidth: 120,
      renderCell: ({ row }) => <ReviewDue due={row.next_review_due} noneText="" />,
    },
    {
      field: "updated_at",
      headerName: t("applications.fields.updated"),
      flex: 0.9,
      minWidth: 135,
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: "created_at",
      headerName: t("applications.fields.created"),
      width: 190,
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: "actions",
      headerName: t("applications.fields.actions"),
      width: 115,
      sortable: false,
      hideable: false,
      renderCell: ({ row }) => <RecordAccessCell row={row} />,
    },
  ];
}
