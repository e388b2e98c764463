import { Box, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import type { TFunction } from "i18next";
import type { AuditEntryView } from "../../../domain/entities/audit";

interface ColumnOptions {
  t: TFunction;
  formatDateTime(iso: string): string;
}

const mono = { fontFamily: "monospace", fontSize: 13 } as const;

/** The audit log's columns; only the time (the chain's order) is a server sort key. */
export function auditColumns({ t, formatDateTime }: ColumnOptions): GridColDef<AuditEntryView>[] {
  return [
    { field: "seq", headerName: t("audit.columns.seq"), width: 80, sortable: false, type: "number" },
    {
      field: "created_at",
      headerName: t("audit.columns.createdAt"),
      width: 180,
      renderCell: ({ row }) => <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>,
    },
    {
      field: "actor",
      headerName: t("audit.columns.actor"),
      flex: 1,
      minWidth: 180,
      sortable: false,
      valueGetter: (_value, row) => row.actor.name,
      renderCell: ({ row }) => (
        <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
          <div>{row.actor.name}</div>
          <Typography variant="caption" color="text.secondary">
            {t(`audit.actorTypes.${row.actor.type}`)}
          </Typography>
        </Box>
      ),
    },
    { field: "action", headerName: t("audit.columns.action"), width: 200, sortable: false, renderCell: ({ value }) => <Box component="code" sx={mono}>{value}</Box> },
    { field: "entity_type", headerName: t("audit.columns.entityType"), width: 150, sortable: false },
    { field: "entity_id", headerName: t("audit.columns.entityId"), width: 150, sortable: false, renderCell: ({ value }) => <Box component="code" sx={mono} title={value}>{String(value).slice(0, 8)}</Box> },
    {
      field: "hash",
      headerName: t("audit.columns.hash"),
      width: 140,
      sortable: false,
      renderCell: ({ value }) => <Box component="code" sx={mono} title={value ?? undefined}>{value ? String(value).slice(0, 12) : t("audit.detail.none")}</Box>,
    },
  ];
}
