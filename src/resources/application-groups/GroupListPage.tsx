import { lazy, Suspense, useMemo, useState } from "react";
import { Alert, Box } from "@mui/material";
import { useDelete, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { ResourceGroup } from "../../../domain/entities/resource-group";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog";
import { notify } from "../../providers/notifications";
import { groupColumns } from "./group-columns";
import { useExportTarget, useFormatDateTime, useGridSearch, useListDataGrid } from "../../components/data-grid/grid-support";
import { GridSearchField, ListDataGrid, ListPageHeader } from "../../components/data-grid/ListPage";

// Loaded when first opened: the list itself needs none of the form code.
const GroupFormDialog = lazy(() => import("./GroupFormDialog").then((m) => ({ default: m.GroupFormDialog })));


/** /application-groups (Admin): the company's resource groups, created, edited and deleted here. */
export default function GroupListPage() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { dataGridProps, filters, sorters, setFilters, setCurrentPage, tableQuery } = useListDataGrid<ResourceGroup>({
    resource: "application-groups",
    sorters: { initial: [{ field: "name", order: "asc" }] },
  });
  const [search, setSearch] = useGridSearch({ filters, setFilters, setCurrentPage });
  const exportTarget = useExportTarget("application-groups", { filters, sorters });
  const [form, setForm] = useState<{ group?: ResourceGroup } | null>(null);
  const [deleting, setDeleting] = useState<ResourceGroup | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const { mutateAsync: deleteGroup } = useDelete<ResourceGroup, HttpError>();

  const columns = useMemo(
    () =>
      groupColumns({
        t,
        formatDateTime,
        onEdit: (group) => setForm({ group }),
        onDelete: (group) => {
          setDeleteError(null);
          setDeleting(group);
        },
      }),
    [t, formatDateTime],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteGroup({ resource: "application-groups", id: deleting.id, successNotification: false, errorNotification: false });
      notify({ message: t("groups.deleted"), severity: "success" });
    } catch (error) {
      // E.g. 409 while role assignments still use the group: the server's detail says what to do.
      setDeleteError(t("groups.deleteFailed", { message: (error as HttpError).message }));
      throw error;
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <ListPageHeader title={t("groups.title")} help={t("groups.help")} createLabel={t("groups.create")} onCreate={() => setForm({})} />
      <GridSearchField label={t("groups.search")} value={search} onChange={setSearch} />
      {tableQuery.error && <Alert severity="error">{tableQuery.error.message}</Alert>}
      <ListDataGrid {...dataGridProps} totalIsEstimate={tableQuery.data?.totalIsEstimate} columns={columns} aria-label={t("groups.title")} exportTarget={exportTarget} />
      {form && (
        <Suspense fallback={null}>
          <GroupFormDialog group={form.group} onClose={() => setForm(null)} onChanged={() => void tableQuery.refetch()} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("groups.deleteTitle")}
        confirmLabel={t("common.actions.delete")}
        destructive
        error={deleteError}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        {deleting && t("groups.deleteBody", { name: deleting.name })}
      </ConfirmDialog>
    </Box>
  );
}
