import { Link as RouterLink } from "react-router";
import { Box, Chip, Link, Typography } from "@mui/material";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import LockResetOutlined from "@mui/icons-material/LockResetOutlined";
import { GridActionsCellItem, type GridColDef } from "@mui/x-data-grid";
import type { TFunction } from "i18next";
import type { User } from "../../../domain/entities/user";
import { fullName } from "./user-support";

interface ColumnOptions {
  t: TFunction;
  roleLabel(name: string): string;
  formatDateTime(iso: string): string;
  isSelf(user: User): boolean;
  /** The user's page. */
  showUrl(id: string): string;
  onReset(user: User): void;
  onDelete(user: User): void;
}

/** Only the server's sort keys (name, email, created_at) are sortable: the grid sorts on the server. */
export function userColumns({ t, roleLabel, formatDateTime, isSelf, showUrl, onReset, onDelete }: ColumnOptions): GridColDef<User>[] {
  return [
    {
      // Field "name" is the server's sort key; it sorts by first then last name, which is what the cell shows.
      field: "name",
      headerName: t("users.fields.name"),
      flex: 1.2,
      minWidth: 130,
      valueGetter: (_value, row) => fullName(row),
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={showUrl(row.id)}>
          {fullName(row)}
        </Link>
      ),
    },
    { field: "email", headerName: t("users.fields.email"), flex: 1.2, minWidth: 170 },
    {
      field: "roles",
      headerName: t("users.fields.roles"),
      flex: 2,
      minWidth: 200,
      sortable: false,
      renderCell: ({ row }) =>
        row.roles.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t("users.noRoles")}
          </Typography>
        ) : (
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, py: 1 }}>
            {row.roles.map((r) => (
              <Chip key={`${r.role_id}-${r.resource_group.id}`} size="small" label={t("users.roleInGroup", { role: roleLabel(r.name), group: r.resource_group.name })} />
            ))}
          </Box>
        ),
    },
    {
      field: "language",
      headerName: t("users.fields.language"),
      width: 100,
      sortable: false,
      valueGetter: (_value, row) => t(`users.languages.${row.language}`),
    },
    {
      field: "created_at",
      headerName: t("users.fields.created"),
      flex: 0.8,
      minWidth: 120,
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: "actions",
      type: "actions",
      headerName: t("users.actions.label"),
      width: 100,
      getActions: ({ row }) => [
        <GridActionsCellItem
          key="reset"
          icon={<LockResetOutlined />}
          label={t("users.actions.resetPasswordNamed", { name: fullName(row) })}
          onClick={() => onReset(row)}
        />,
        <GridActionsCellItem
          key="delete"
          icon={<DeleteOutline />}
          label={t("users.actions.deleteNamed", { name: fullName(row) })}
          disabled={isSelf(row)}
          onClick={() => onDelete(row)}
        />,
      ],
    },
  ];
}
