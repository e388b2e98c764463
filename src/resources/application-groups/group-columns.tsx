import DeleteOutline from "@mui/icons-material/DeleteOutline";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { GridActionsCellItem, type GridColDef } from "@mui/x-data-grid";
import type { TFunction } from "i18next";
import type { ResourceGroup } from "../../../domain/entities/resource-group";

interface ColumnOptions {
  t: TFunction;
  formatDateTime(iso: string): string;
  onEdit(group: ResourceGroup): void;
  onDelete(group: ResourceGroup): void;
}

/** Only the server's sort keys (name, created_at) are sortable: the grid sorts on the server. */
export function groupColumns({ t, formatDateTime, onEdit, onDelete }: ColumnOptions): GridColDef<ResourceGroup>[] {
  return [
    { field: "name", headerName: t("groups.fields.name"), flex: 2, minWidth: 200, renderCell: ({ value }) => <span translate="no">{value}</span> },
    {
      field: "group_type",
      headerName: t("groups.fields.groupType"),
      flex: 1,
      minWidth: 180,
      sortable: false,
      valueGetter: (_value, row) => t(`groups.types.${row.group_type}`),
    },
    {
      field: "resource_ids",
      headerName: t("groups.fields.applications"),
      width: 140,
      sortable: false,
      valueGetter: (_value, row) => (row.group_type === "ALL" ? t("groups.allCount") : String(row.resource_ids.length)),
    },
    {
      field: "created_at",
      headerName: t("groups.fields.created"),
      flex: 1,
      minWidth: 130,
      valueFormatter: (value: string) => formatDateTime(value),
    },
    {
      field: "actions",
      type: "actions",
      headerName: t("common.actions.edit"),
      width: 110,
      getActions: ({ row }) => [
        <GridActionsCellItem key="edit" icon={<EditOutlined />} label={t("groups.editNamed", { name: row.name })} onClick={() => onEdit(row)} />,
        <GridActionsCellItem key="delete" icon={<DeleteOutline />} label={t("groups.deleteNamed", { name: row.name })} onClick={() => onDelete(row)} />,
      ],
    },
  ];
}
