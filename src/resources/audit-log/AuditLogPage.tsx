import { useMemo, useState } from "react";
import { Alert, Box } from "@mui/material";
import { useCustom, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { AuditEntryView } from "../../../domain/entities/audit";
import { useFormatDateTime, useListDataGrid } from "../../components/data-grid/grid-support";
import { ListDataGrid, ListPageHeader } from "../../components/data-grid/ListPage";
import { useLocaleAreas } from "../../i18n/use-all-areas";
import { auditColumns } from "./audit-columns";
import { AuditEntryDialog } from "./AuditEntryDialog";
import { AuditExport } from "./AuditExport";
import { AuditFilters } from "./AuditFilters";
import { VerifyChain } from "./VerifyChain";

/** The audit log's texts load with this page only. */
const AUDIT_AREAS = ["audit"] as const;

/** /audit-log (Admin): every governance change of the company, filtered, exported, and its hash chain verified. */
export default function AuditLogPage() {
  useLocaleAreas(AUDIT_AREAS);
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { dataGridProps, filters, setFilters, sorters, setCurrentPage, tableQuery } = useListDataGrid<AuditEntryView>({
    resource: "audit-log",
    sorters: { initial: [{ field: "created_at", order: "desc" }] },
    pagination: { pageSize: 25 },
    syncWithLocation: false,
  });
  const { result: facets } = useCustom<{ entity_types: string[]; actions: string[] }, HttpError>({
    url: "/audit/facets",
    method: "get",
    queryOptions: { retry: false },
    errorNotification: false,
  });
  const [shown, setShown] = useState<AuditEntryView | null>(null);
  // The filters' own inputs start over when they are cleared.
  const [generation, setGeneration] = useState(0);
  const columns = useMemo(() => auditColumns({ t, formatDateTime }), [t, formatDateTime]);
  const state = { filters, setFilters, setCurrentPage };
  const clear = () => {
    setFilters([], "replace");
    setCurrentPage(1);
    setGeneration((g) => g + 1);
  };

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <ListPageHeader title={t("audit.title")} help={t("audit.help")} />
      <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2, flexWrap: "wrap", alignItems: "flex-start" }}>
        <VerifyChain
          onShowEntry={(id) => {
            setFilters([{ field: "id", operator: "eq", value: id }], "replace");
            setCurrentPage(1);
            setGeneration((g) => g + 1);
          }}
        />
        <AuditExport filters={filters} sorters={sorters} />
      </Box>
      <AuditFilters key={generation} state={state} entityTypes={facets.data?.entity_types ?? []} actions={facets.data?.actions ?? []} onClear={clear} />
      {tableQuery.error && <Alert severity="error">{tableQuery.error.message}</Alert>}
      <ListDataGrid
        {...dataGridProps}
        totalIsEstimate={tableQuery.data?.totalIsEstimate}
        columns={columns}
        aria-label={t("audit.grid")}
        getRowHeight={() => "auto"}
        onRowClick={({ row }) => setShown(row)}
        sx={{ "& .MuiDataGrid-row": { cursor: "pointer" } }}
      />
      {shown && <AuditEntryDialog entry={shown} onClose={() => setShown(null)} />}
    </Box>
  );
}
