import { lazy, Suspense, useMemo, useState } from "react";
import { Alert, Box, FormControlLabel, Switch } from "@mui/material";
import { useDelete, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { ApiClient } from "../../../domain/entities/api-client";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog";
import { notify } from "../../providers/notifications";
import { useExportTarget, useFormatDateTime, useGridSearch, useListDataGrid } from "../../components/data-grid/grid-support";
import { GridSearchField, ListDataGrid, ListPageHeader } from "../../components/data-grid/ListPage";
import { apiClientColumns } from "./api-client-columns";

// Loaded when first opened: the list itself needs none of the form code.
const CreateApiClientDialog = lazy(() => import("./CreateApiClientDialog").then((m) => ({ default: m.CreateApiClientDialog })));

/** /api-access (Admin): the company's API clients; create one (secret shown once) or revoke it. */
export default function ApiClientListPage() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { dataGridProps, filters, sorters, setFilters, setCurrentPage, tableQuery } = useListDataGrid<ApiClient>({
    resource: "api-access",
    sorters: { initial: [{ field: "created_at", order: "desc" }] },
  });
  const [search, setSearch] = useGridSearch({ filters, setFilters, setCurrentPage });
  const exportTarget = useExportTarget("api-access", { filters, sorters });
  const showRevoked = filters.some((f) => "field" in f && f.field === "include_revoked" && f.value === "true");
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiClient | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const { mutateAsync: revoke } = useDelete<ApiClient, HttpError>();

  const columns = useMemo(
    () =>
      apiClientColumns({
        t,
        formatDateTime,
        onRevoke: (client) => {
          setRevokeError(null);
          setRevoking(client);
        },
      }),
    [t, formatDateTime],
  );

  const toggleRevoked = (on: boolean) => {
    setFilters([{ field: "include_revoked", operator: "eq", value: on ? "true" : undefined }], "merge");
    setCurrentPage(1);
  };

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke({ resource: "api-access", id: revoking.id, successNotification: false, errorNotification: false });
      notify({ message: t("api-clients.revoked"), severity: "success" });
    } catch (error) {
      setRevokeError(t("api-clients.revokeFailed", { message: (error as HttpError).message }));
      throw error;
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <ListPageHeader title={t("api-clients.title")} help={t("api-clients.help")} createLabel={t("api-clients.create")} onCreate={() => setCreating(true)} />
      <Box sx={{ display: "flex", alignItems: "center", gap: 3, flexWrap: "wrap" }}>
        <GridSearchField label={t("api-clients.search")} value={search} onChange={setSearch} sx={{ width: 360, maxWidth: "100%" }} />
        <FormControlLabel control={<Switch checked={showRevoked} onChange={(e) => toggleRevoked(e.target.checked)} slotProps={{ input: { role: "switch" } }} />} label={t("api-clients.showRevoked")} />
      </Box>
      {tableQuery.error && <Alert severity="error">{tableQuery.error.message}</Alert>}
      <ListDataGrid {...dataGridProps} totalIsEstimate={tableQuery.data?.totalIsEstimate} columns={columns} aria-label={t("api-clients.title")} exportTarget={exportTarget} getRowHeight={() => "auto"} />
      {creating && (
        <Suspense fallback={null}>
          <CreateApiClientDialog onClose={() => setCreating(false)} onCreated={() => void tableQuery.refetch()} />
        </Suspense>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t("api-clients.revokeTitle")}
        confirmLabel={t("api-clients.revokeConfirm")}
        destructive
        error={revokeError}
        onClose={() => setRevoking(null)}
        onConfirm={confirmRevoke}
      >
        {revoking && t("api-clients.revokeBody", { name: revoking.name })}
      </ConfirmDialog>
    </Box>
  );
}
