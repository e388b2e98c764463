import { Box, Chip, Typography } from "@mui/material";
import BlockOutlined from "@mui/icons-material/BlockOutlined";
import { GridActionsCellItem, type GridColDef } from "@mui/x-data-grid";
import type { TFunction } from "i18next";
import type { ApiClient } from "../../../domain/entities/api-client";
import { roleLabel } from "../../components/access/role-label";

interface ColumnOptions {
  t: TFunction;
  formatDateTime(iso: string): string;
  onRevoke(client: ApiClient): void;
}

/** Only the server's sort keys (name, created_at, last_used_at) are sortable. */
export function apiClientColumns({ t, formatDateTime, onRevoke }: ColumnOptions): GridColDef<ApiClient>[] {
  return [
    { field: "name", headerName: t("api-clients.fields.name"), flex: 1, minWidth: 130 },
    {
      field: "client_id",
      headerName: t("api-clients.fields.clientId"),
      flex: 1.2,
      minWidth: 140,
      sortable: false,
      renderCell: ({ value }) => (
        <Box component="code" sx={{ fontFamily: "monospace", fontSize: 13, overflowWrap: "anywhere" }}>
          {value}
        </Box>
      ),
    },
    {
      field: "role",
      headerName: t("api-clients.fields.role"),
      flex: 1,
      minWidth: 130,
      sortable: false,
      valueGetter: (_value, row) => roleLabel(t, row.role.name),
    },
    {
      field: "resource_group",
      headerName: t("api-clients.fields.resourceGroup"),
      flex: 1,
      minWidth: 120,
      sortable: false,
      valueGetter: (_value, row) => row.resource_group.name,
    },
    {
      field: "created_at",
      headerName: t("api-clients.fields.created"),
      flex: 1,
      minWidth: 135,
      renderCell: ({ row }) => (
        <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
          <div>{formatDateTime(row.created_at)}</div>
          {row.created_by && (
            <Typography variant="caption" color="text.secondary">
              {t("api-clients.createdBy", { name: row.created_by })}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: "last_used_at",
      headerName: t("api-clients.fields.lastUsed"),
      flex: 1,
      minWidth: 120,
      valueFormatter: (value: string | null) => (value ? formatDateTime(value) : t("api-clients.never")),
    },
    {
      field: "revoked_at",
      headerName: t("api-clients.fields.status"),
      width: 105,
      sortable: false,
      renderCell: ({ row }) =>
        row.revoked_at ? (
          <Chip size="small" label={t("api-clients.status.revoked")} title={formatDateTime(row.revoked_at)} />
        ) : (
          <Chip size="small" color="success" variant="outlined" label={t("api-clients.status.active")} />
        ),
    },
    {
      field: "actions",
      type: "actions",
      headerName: t("api-clients.revokeConfirm"),
      width: 80,
      getActions: ({ row }) =>
        row.revoked_at
          ? []
          : [
              <GridActionsCellItem
                key="revoke"
                icon={<BlockOutlined />}
                label={t("api-clients.revokeNamed", { name: row.name })}
                onClick={() => onRevoke(row)}
              />,
            ],
    },
  ];
}
