import { useMemo } from "react";
import { useNavigation } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { Incident } from "../../../domain/entities/incident";
import { useExportTarget, useFormatDateTime, useListDataGrid } from "../../components/data-grid/grid-support";
import { ListDataGrid } from "../../components/data-grid/ListPage";
import { useShowUrl } from "../links";
import { INCIDENTS_RESOURCE } from "./incident-api";
import { incidentColumns } from "./incident-columns";

/**
 * The incidents, paged, sorted and filtered on the server, newest detection first. Of one application (its
 * tab) the filter is fixed and the URL is left to the application's page; the list page keeps its state there.
 */
export function useIncidentTable(applicationId?: string) {
  return useListDataGrid<Incident>({
    resource: INCIDENTS_RESOURCE,
    sorters: { initial: [{ field: "detected_at", order: "desc" }] },
    filters: applicationId ? { permanent: [{ field: "application_id", operator: "eq", value: applicationId }] } : undefined,
    syncWithLocation: !applicationId,
    errorNotification: false,
  });
}

interface Props {
  table: ReturnType<typeof useIncidentTable>;
  noRowsLabel: string;
  withApplication?: boolean;
}

/** The incident grid of the list page and the application's tab; a row opens the incident. */
export function IncidentGrid({ table, noRowsLabel, withApplication = true }: Props) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { showUrl } = useNavigation();
  const incidentUrl = useShowUrl(INCIDENTS_RESOURCE);
  const columns = useMemo(
    () => incidentColumns({ t, formatDateTime, incidentUrl, applicationUrl: (id) => showUrl("applications", id), withApplication }),
    [t, formatDateTime, incidentUrl, showUrl, withApplication],
  );
  const exportTarget = useExportTarget(INCIDENTS_RESOURCE, table);
  return (
    <ListDataGrid
      {...table.dataGridProps}
      totalIsEstimate={table.tableQuery.data?.totalIsEstimate}
      columns={columns}
      aria-label={t("incidents.title")}
      exportTarget={exportTarget}
      noRowsLabel={noRowsLabel}
      getRowHeight={() => "auto"}
      rowHref={(row) => incidentUrl(row.id)}
      sx={{ "& .MuiDataGrid-cell": { display: "flex", alignItems: "center", py: 1 } }}
    />
  );
}
