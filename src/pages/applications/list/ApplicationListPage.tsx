import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { Alert, Box, Button, InputAdornment, TextField, Typography } from "@mui/material";
import AddOutlined from "@mui/icons-material/AddOutlined";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import { DataGrid } from "@mui/x-data-grid";
import { useCan } from "@refinedev/core";
import { useDataGrid } from "@refinedev/mui";
import { useTranslation } from "react-i18next";
import type { Application } from "../../../../domain/entities/application";
import { useFormatDateTime, useGridLocaleText, useGridSearch } from "../../../components/data-grid/grid-support";
import { ApplicationFilters } from "./ApplicationFilters";
import { ApplicationGridToolbar } from "./ApplicationGridToolbar";
import { CreateApplicationDialog } from "./CreateApplicationDialog";
import { applicationColumns, DEFAULT_HIDDEN_COLUMNS } from "./application-columns";
import { crudFiltersOf, filterValuesOf, hasFilters, type FilterValues } from "./list-filters";
import { useColumnVisibility } from "./use-column-visibility";

/** /applications (spec §2, §7 Applications): the AI inventory, searched, filtered, sorted and paged on the server. */
export default function ApplicationListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDateTime = useFormatDateTime();
  const localeText = useGridLocaleText();
  const { data: canCreate } = useCan({ resource: "applications", action: "create" });
  const { dataGridProps, filters, setFilters, setCurrentPage, tableQuery } = useDataGrid<Application>({
    resource: "applications",
    sorters: { initial: [{ field: "name", order: "asc" }] },
    errorNotification: false,
  });
  const [search, setSearch] = useGridSearch({ filters, setFilters, setCurrentPage });
  const [creating, setCreating] = useState(false);
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(DEFAULT_HIDDEN_COLUMNS);
  const filterValues = useMemo(() => filterValuesOf(filters), [filters]);
  const columns = useMemo(() => applicationColumns({ t, formatDateTime }), [t, formatDateTime]);

  const changeFilters = (values: FilterValues) => {
    setFilters(crudFiltersOf(values), "merge");
    setCurrentPage(1);
  };

  // The empty grid says what to do: add the first application, or loosen the filters.
  const narrowed = hasFilters(filterValues) || search.trim() !== "";
  const noRowsLabel = narrowed ? t("applications.empty.filtered") : canCreate?.can ? t("applications.empty.create") : t("applications.empty.readOnly");

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="h5" component="h1">
          {t("applications.title")}
        </Typography>
        {canCreate?.can && (
          <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
            {t("applications.create")}
          </Button>
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 860 }}>
        {t("applications.help")}
      </Typography>
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "flex-start" }}>
        <TextField
          label={t("applications.search")}
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
        <ApplicationFilters values={filterValues} onChange={changeFilters} />
      </Box>
      {tableQuery.error && <Alert severity="error">{t("applications.loadFailed", { message: tableQuery.error.message })}</Alert>}
      <DataGrid
        {...dataGridProps}
        columns={columns}
        aria-label={t("applications.title")}
        disableColumnFilter
        columnVisibilityModel={columnVisibility}
        onColumnVisibilityModelChange={setColumnVisibility}
        showToolbar
        slots={{ toolbar: ApplicationGridToolbar }}
        pageSizeOptions={[10, 25, 50, 100]}
        localeText={{ ...localeText, noRowsLabel }}
        getRowHeight={() => "auto"}
        onRowClick={({ row }, event) => {
          // The name link does its own navigation.
          if ((event.target as HTMLElement).closest("a, button")) return;
          navigate(`/applications/detail/${row.id}`);
        }}
        sx={{ "& .MuiDataGrid-row": { cursor: "pointer" }, "& .MuiDataGrid-cell": { display: "flex", alignItems: "center", py: 1 } }}
        autoHeight
      />
      <CreateApplicationDialog open={creating} onClose={() => setCreating(false)} />
    </Box>
  );
}
