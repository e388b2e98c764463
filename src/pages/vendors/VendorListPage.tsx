import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { Alert, Box, Button, InputAdornment, MenuItem, TextField, Typography } from "@mui/material";
import AddOutlined from "@mui/icons-material/AddOutlined";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import { DataGrid } from "@mui/x-data-grid";
import { useCan, type CrudFilter } from "@refinedev/core";
import { useDataGrid } from "@refinedev/mui";
import { useTranslation } from "react-i18next";
import { VENDOR_STATUSES, type Vendor } from "../../../domain/entities/vendor";
import { VENDOR_RISK_LEVELS, vendorRiskLevelKey } from "../../../domain/vendors";
import { useFormatDateTime, useGridLocaleText, useGridSearch } from "../../components/data-grid/grid-support";
import { VENDORS_RESOURCE } from "./vendor-api";
import { vendorColumns } from "./vendor-columns";
import { VendorCreateDialog } from "./VendorCreateDialog";

const ALL = "";

/** The value of an "in" filter on `field`, or ALL. */
function filterValue(filters: CrudFilter[], field: string): string {
  const found = filters.find((f) => "field" in f && f.field === field);
  const value = found?.value as unknown;
  return Array.isArray(value) ? String(value[0] ?? ALL) : typeof value === "string" ? value : ALL;
}

/** /vendors (spec §2): the AI vendor list, searched, filtered, sorted and paged on the server. */
export default function VendorListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDateTime = useFormatDateTime();
  const localeText = useGridLocaleText();
  const { data: canCreate } = useCan({ resource: VENDORS_RESOURCE, action: "create" });
  const { dataGridProps, filters, setFilters, setCurrentPage, tableQuery } = useDataGrid<Vendor>({
    resource: VENDORS_RESOURCE,
    sorters: { initial: [{ field: "name", order: "asc" }] },
    errorNotification: false,
  });
  const [search, setSearch] = useGridSearch({ filters, setFilters, setCurrentPage });
  const [creating, setCreating] = useState(false);
  const columns = useMemo(() => vendorColumns({ t, formatDateTime }), [t, formatDateTime]);
  const status = filterValue(filters, "status");
  const riskLevel = filterValue(filters, "risk_level");

  const choose = (field: "status" | "risk_level", value: string) => {
    setFilters([{ field, operator: "in", value: value === ALL ? undefined : [value] }], "merge");
    setCurrentPage(1);
  };

  const narrowed = search.trim() !== "" || status !== ALL || riskLevel !== ALL;
  const noRowsLabel = narrowed ? t("vendors.empty.filtered") : canCreate?.can ? t("vendors.empty.create") : t("vendors.empty.readOnly");

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="h5" component="h1">
          {t("vendors.title")}
        </Typography>
        {canCreate?.can && (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
            {t("vendors.create")}
          </Button>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 860 }}>
        {t("vendors.help")}
      </Typography>
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "flex-start" }}>
        <TextField
          label={t("vendors.search")}
          type="search"
          size="small"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ width: 300 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField select size="small" label={t("vendors.filters.riskLevel")} value={riskLevel} onChange={(e) => choose("risk_level", e.target.value)} sx={{ minWidth: 180 }}>
          <MenuItem value={ALL}>{t("vendors.filters.all")}</MenuItem>
          {VENDOR_RISK_LEVELS.map((level) => (
            <MenuItem key={level} value={level}>
              {t(vendorRiskLevelKey(level))}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t("vendors.filters.status")} value={status} onChange={(e) => choose("status", e.target.value)} sx={{ minWidth: 180 }}>
          <MenuItem value={ALL}>{t("vendors.filters.all")}</MenuItem>
          {VENDOR_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`vendors.statuses.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {tableQuery.error && <Alert severity="error">{t("vendors.loadFailed", { message: tableQuery.error.message })}</Alert>}
      <DataGrid
        {...dataGridProps}
        columns={columns}
        aria-label={t("vendors.title")}
        disableColumnFilter
        pageSizeOptions={[10, 25, 50, 100]}
        localeText={{ ...localeText, noRowsLabel }}
        onRowClick={({ row }, event) => {
          if ((event.target as HTMLElement).closest("a, button")) return;
          navigate(`/vendors/detail/${row.id}`);
        }}
        sx={{ "& .MuiDataGrid-row": { cursor: "pointer" } }}
        autoHeight
      />
      <VendorCreateDialog open={creating} onClose={() => setCreating(false)} />
    </Box>
  );
}
