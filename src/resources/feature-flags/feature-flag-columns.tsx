import { Box, Chip, Switch } from "@mui/material";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import EditOutlined from "@mui/icons-material/EditOutlined";
import RestartAlt from "@mui/icons-material/RestartAlt";
import { GridActionsCellItem, type GridColDef } from "@mui/x-data-grid";
import type { TFunction } from "i18next";
import type { FeatureFlag } from "../../../domain/flags/schemas";
import { roleLabel } from "../../components/access/role-label";

interface ColumnOptions {
  t: TFunction;
  /** The key of the flag whose switch is being saved. */
  saving: string | null;
  onToggle(flag: FeatureFlag, enabled: boolean): void;
  onEdit(flag: FeatureFlag): void;
  onRemove(flag: FeatureFlag): void;
}

/** What a flag guards, in the user's language: the product's own flags are described by the product. */
export const flagDescription = (t: TFunction, flag: FeatureFlag) => flag.description || (flag.product ? t(`feature-flags.product.${flag.key}`, { defaultValue: "" }) : "");

export function featureFlagColumns({ t, saving, onToggle, onEdit, onRemove }: ColumnOptions): GridColDef<FeatureFlag>[] {
  return [
    {
      field: "key",
      headerName: t("feature-flags.fields.key"),
      minWidth: 180,
      flex: 0.8,
      renderCell: ({ row }) => (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, py: 0.5 }}>
          <Box component="code" sx={{ fontFamily: "monospace", fontSize: 13 }}>
            {row.key}
          </Box>
          {row.product && <Chip size="small" variant="outlined" label={t("feature-flags.productChip")} />}
        </Box>
      ),
    },
    { field: "description", headerName: t("feature-flags.fields.description"), flex: 1.4, minWidth: 200, valueGetter: (_value, row) => flagDescription(t, row) },
    {
      field: "enabled",
      headerName: t("feature-flags.fields.enabled"),
      width: 110,
      renderCell: ({ row }) => (
        <Switch
          checked={row.enabled}
          disabled={saving === row.key}
          onChange={(e) => onToggle(row, e.target.checked)}
          slotProps={{ input: { role: "switch", "aria-label": t("feature-flags.toggle", { key: row.key }) } }}
        />
      ),
    },
    {
      field: "roles",
      headerName: t("feature-flags.fields.roles"),
      flex: 1,
      minWidth: 180,
      valueGetter: (_value, row) => (row.roles.length ? row.roles.map((r) => roleLabel(t, r)).join(", ") : t("feature-flags.everyRole")),
    },
    {
      field: "percentage",
      headerName: t("feature-flags.fields.percentage"),
      width: 130,
      valueGetter: (_value, row) => (row.percentage === null ? t("feature-flags.everyone") : `${row.percentage} %`),
    },
    {
      field: "actions",
      type: "actions",
      headerName: t("feature-flags.fields.actions"),
      width: 110,
      getActions: ({ row }) => [
        <GridActionsCellItem key="edit" icon={<EditOutlined />} label={t("feature-flags.edit", { key: row.key })} onClick={() => onEdit(row)} />,
        row.product ? (
          <GridActionsCellItem key="reset" icon={<RestartAlt />} label={t("feature-flags.reset", { key: row.key })} disabled={row.version === 0} onClick={() => onRemove(row)} />
        ) : (
          <GridActionsCellItem key="delete" icon={<DeleteOutline />} label={t("feature-flags.delete", { key: row.key })} onClick={() => onRemove(row)} />
        ),
      ],
    },
  ];
}
