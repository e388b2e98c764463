import { Box, Typography } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import type { TFunction } from "i18next";
import type { AuditEntryView } from "../../../domain/entities/audit";
import { auditActionText, auditEntityTypeText } from "./audit-words";

interface ColumnOptions {
  t: TFunction;
  formatDateTime(iso: string): string;
}

const mono = { fontFamily: "monospace", fontSize: 13 } as const;

/** The audit log's columns; only the time (the chain's order) is a server sort key. */
export function auditColumns({ t, formatDateTime }: ColumnOptions): GridColDef<AuditEntryView>[] {
  return [
    { field: "seq", headerName: t("audit.columns.seq"), width: 70, sortable: false, type: "number" },
    {
      field: "created_at",
      headerName: t("audit.columns.createdAt"),
      width: 140,
      renderCell: ({ row }) => <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>,
    },
    {
      field: "actor",
      headerName: t("audit.columns.actor"),
      flex: 1,
      minWidth: 130,
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
    // What happened in words, then the action's code as the trail, its filter and its export carry it.
    { field: "what", headerName: t("audit.columns.what"), flex: 1, minWidth: 140, sortable: false, valueGetter: (_value, row) => auditActionText(t, row.action) },
    { field: "action", headerName: t("audit.columns.action"), flex: 1, minWidth: 140, sortable: false, renderCell: ({ value }) => <Box component="code" sx={{ ...mono, overflowWrap: "anywhere" }}>{value}</Box> },
    { field: "entity_type", headerName: t("audit.columns.entityType"), width: 120, sortable: false, renderCell: ({ value }) => <span title={value}>{auditEntityTypeText(t, value)}</span> },
    { field: "entity_id", headerName: t("audit.columns.entityId"), width: 95, sortable: false, renderCell: ({ value }) => <Box component="code" sx={mono} title={value}>{String(value).slice(0, 8)}</Box> },
    {
      field: "hash",
      headerName: t("audit.columns.hash"),
      width: 110,
      sortable: false,
      renderCell: ({ value }) => <Box component="code" sx={mono} title={value ?? undefined}>{value ? String(value).slice(0, 12) : t("audit.detail.none")}</Box>,
    },
  ];
}
