import { lazy, Suspense, useMemo, useState } from "react";
import { Alert, Box, useMediaQuery } from "@mui/material";
import { useCan } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { Application } from "../../../../domain/entities/application";
import { useExportTarget, useFormatDateTime, useGridSearch, useListDataGrid } from "../../../components/data-grid/grid-support";
import { GridSearchField, ListDataGrid, ListPageHeader } from "../../../components/data-grid/ListPage";
import { useShowUrl } from "../../links";
import { ImportButton } from "../../imports/ImportButton";
import { ApplicationFilters } from "./ApplicationFilters";
import { applicationColumns, DEFAULT_HIDDEN_COLUMNS, NARROW_HIDDEN_COLUMNS, WIDE_ENOUGH_PX } from "./application-columns";
import { crudFiltersOf, filterValuesOf, hasFilters, type FilterValues } from "./list-filters";
import { useColumnVisibility } from "./use-column-visibility";

// Loaded when first opened: the list itself needs none of the form code.
const CreateApplicationDialog = lazy(() => import("./CreateApplicationDialog").then((m) => ({ default: m.CreateApplicationDialog })));

/** /applications: the AI inventory, searched, filtered, sorted and paged on the server. */
export default function ApplicationListPage() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { data: canCreate } = useCan({ resource: "applications", action: "create" });
  const { dataGridProps, filters, sorters, setFilters, setCurrentPage, tableQuery } = useListDataGrid<Application>({
    resource: "applications",
    sorters: { initial: [{ field: "name", order: "asc" }] },
    errorNotification: false,
  });
  const [search, setSearch] = useGridSearch({ filters, setFilters, setCurrentPage });
  const exportTarget = useExportTarget("applications", { filters, sorters });
  const [creating, setCreating] = useState(false);
  const wide = useMediaQuery(`(min-width: ${WIDE_ENOUGH_PX}px)`);
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(wide ? DEFAULT_HIDDEN_COLUMNS : NARROW_HIDDEN_COLUMNS);
  const filterValues = useMemo(() => filterValuesOf(filters), [filters]);
  const showUrl = useShowUrl("applications");
  const columns = useMemo(() => applicationColumns({ t, formatDateTime, showUrl }), [t, formatDateTime, showUrl]);

  const changeFilters = (values: FilterValues) => {
    setFilters(crudFiltersOf(values), "merge");
    setCurrentPage(1);
  };

  // The empty grid says what to do: add the first application, or loosen the filters.
  const narrowed = hasFilters(filterValues) || search.trim() !== "";
  const noRowsLabel = narrowed ? t("applications.empty.filtered") : canCreate?.can ? t("applications.empty.create") : t("applications.empty.readOnly");

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <ListPageHeader
        title={t("applications.title")}
        help={t("applications.help")}
        createLabel={canCreate?.can ? t("applications.create") : undefined}
        onCreate={() => setCreating(true)}
        actions={canCreate?.can ? <ImportButton entity="applications" /> : undefined}
      />
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "flex-start" }}>
        <GridSearchField label={t("applications.search")} value={search} onChange={setSearch} sx={{ width: 300 }} />
        <ApplicationFilters values={filterValues} onChange={changeFilters} />
      </Box>
      {tableQuery.error && <Alert severity="error">{t("applications.loadFailed", { message: tableQuery.error.message })}</Alert>}
      <ListDataGrid
        {...dataGridProps}
        totalIsEstimate={tableQuery.data?.totalIsEstimate}
        columns={columns}
        aria-label={t("applications.title")}
        columnVisibilityModel={columnVisibility}
        onColumnVisibilityModelChange={setColumnVisibility}
        columnsLabel={t("applications.columns")}
        exportTarget={exportTarget}
        noRowsLabel={noRowsLabel}
        getRowHeight={() => "auto"}
        rowHref={(row) => showUrl(row.id)}
        sx={{ "& .MuiDataGrid-cell": { display: "flex", alignItems: "center", py: 1 } }}
      />
      {creating && (
        <Suspense fallback={null}>
          <CreateApplicationDialog open onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Box>
  );
}
