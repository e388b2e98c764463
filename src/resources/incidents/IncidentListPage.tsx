import { Suspense, useMemo, useState } from "react";
import { Alert, Box } from "@mui/material";
import ReportProblemOutlined from "@mui/icons-material/ReportProblemOutlined";
import { useCan } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { useGridSearch } from "../../components/data-grid/grid-support";
import { GridSearchField, ListPageHeader } from "../../components/data-grid/ListPage";
import { INCIDENTS_RESOURCE } from "./incident-api";
import { incidentCrudFilters, incidentFilterValuesOf, narrowsIncidents, type IncidentFilterValues } from "./incident-filters";
import { IncidentCreateDialog } from "./create-dialog";
import { IncidentFilters } from "./IncidentFilters";
import { IncidentGrid, useIncidentTable } from "./IncidentGrid";

/** /incidents: the AI incidents of the applications the user can see, searched, filtered, sorted and paged on the server. */
export default function IncidentListPage() {
  const { t } = useTranslation();
  const { data: canCreate } = useCan({ resource: INCIDENTS_RESOURCE, action: "create" });
  const table = useIncidentTable();
  const { filters, setFilters, setCurrentPage, tableQuery } = table;
  const [search, setSearch] = useGridSearch({ filters, setFilters, setCurrentPage });
  const [creating, setCreating] = useState(false);
  const values = useMemo(() => incidentFilterValuesOf(filters), [filters]);

  const changeFilters = (next: IncidentFilterValues) => {
    setFilters(incidentCrudFilters(next), "merge");
    setCurrentPage(1);
  };

  const narrowed = narrowsIncidents(values) || search.trim() !== "";
  const noRowsLabel = narrowed ? t("incidents.empty.filtered") : canCreate?.can ? t("incidents.empty.create") : t("incidents.empty.readOnly");

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <ListPageHeader
        title={t("incidents.title")}
        help={t("incidents.help")}
        createLabel={canCreate?.can ? t("incidents.create") : undefined}
        createIcon={<ReportProblemOutlined />}
        onCreate={() => setCreating(true)}
      />
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", alignItems: "flex-start" }}>
        <GridSearchField label={t("incidents.search")} value={search} onChange={setSearch} sx={{ width: 280 }} />
        <IncidentFilters values={values} onChange={changeFilters} />
      </Box>
      {tableQuery.error && <Alert severity="error">{t("incidents.loadFailed", { message: tableQuery.error.message })}</Alert>}
      <IncidentGrid table={table} noRowsLabel={noRowsLabel} />
      {creating && (
        <Suspense fallback={null}>
          <IncidentCreateDialog onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </Box>
  );
}
