import { lazy, Suspense, useMemo, useState } from "react";
import { Alert, Box, MenuItem, TextField } from "@mui/material";
import { useCan, type CrudFilter } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { VENDOR_STATUSES, type Vendor } from "../../../domain/entities/vendor";
import { VENDOR_RISK_LEVELS, vendorRiskLevelKey } from "../../../domain/vendors";
import { useExportTarget, useFormatDateTime, useGridSearch, useListDataGrid } from "../../components/data-grid/grid-support";
import { GridSearchField, ListDataGrid, ListPageHeader } from "../../components/data-grid/ListPage";
import { useShowUrl } from "../links";
import { ImportButton } from "../imports/ImportButton";
import { VENDORS_RESOURCE } from "./vendor-api";
import { vendorColumns } from "./vendor-columns";

// Loaded when first opened: the list itself needs none of the form code.
const VendorCreateDialog = lazy(() => import("./VendorCreateDialog").then((m) => ({ default: m.VendorCreateDialog })));

const ALL = "";

/** The value of an "in" filter on `field`, or ALL. */
function filterValue(filters: CrudFilter[], field: string): string {
  const found = filters.find((f) => "field" in f && f.field === field);
  const value = found?.value as unknown;
  return Array.isArray(value) ? String(value[0] ?? ALL) : typeof value === "string" ? value : ALL;
}

/** /vendors: the AI vendor list, searched, filtered, sorted and paged on the server. */
export default function VendorListPage() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { data: canCreate } = useCan({ resource: VENDORS_RESOURCE, action: "create" });
  const { dataGridProps, filters, sorters, setFilters, setCurrentPage, tableQuery } = useListDataGrid<Vendor>({
    resource: VENDORS_RESOURCE,
    sorters: { initial: [{ field: "name", order: "asc" }] },
    errorNotification: false,
  });
  const [search, setSearch] = useGridSearch({ filters, setFilters, setCurrentPage });
  const exportTarget = useExportTarget(VENDORS_RESOURCE, { filters, sorters });
  const [creating, setCreating] = useState(false);
  const showUrl = useShowUrl(VENDORS_RESOURCE);
  const columns = useMemo(() => vendorColumns({ t, formatDateTime, showUrl }), [t, formatDateTime, showUrl]);
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
      <ListPageHeader
        title={t("vendors.title")}
        help={t("vendors.help")}
        createLabel={canCreate?.can ? t("vendors.create") : undefined}
        onCreate={() => setCreating(true)}
        actions={canCreate?.can ? <ImportButton entity="vendors" /> : undefined}
      />
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "flex-start" }}>
        <GridSearchField label={t("vendors.search")} value={search} onChange={setSearch} sx={{ width: 300 }} />
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
      <ListDataGrid
        {...dataGridProps}
        totalIsEstimate={tableQuery.data?.totalIsEstimate}
        columns={columns}
        aria-label={t("vendors.title")}
        exportTarget={exportTarget}
        noRowsLabel={noRowsLabel}
        rowHref={(row) => showUrl(row.id)}
      />
      {creating && (
        <Suspense fallback={null}>
          <VendorCreateDialog open onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Box>
  );
}
