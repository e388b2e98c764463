import { lazy, Suspense, useMemo, useState } from "react";
import { Alert, Box } from "@mui/material";
import PersonAddOutlined from "@mui/icons-material/PersonAddOutlined";
import { useTranslation } from "react-i18next";
import type { User } from "../../../domain/entities/user";
import { userColumns } from "./user-columns";
import { useExportTarget, useFormatDateTime, useGridSearch, useListDataGrid } from "../../components/data-grid/grid-support";
import { GridSearchField, ListDataGrid, ListPageHeader } from "../../components/data-grid/ListPage";
import { useRoleLabel } from "../../components/access/role-label";
import { useShowUrl } from "../links";
import { USERS_RESOURCE } from "./user-support";
import { useUserActions } from "./use-user-actions";

// Loaded when first opened: the list itself needs none of the form code.
const CreateUserDialog = lazy(() => import("./CreateUserDialog").then((m) => ({ default: m.CreateUserDialog })));

/** /manage-users (Admin): the company's users, searched, sorted and paged on the server. */
export default function UserListPage() {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const formatDateTime = useFormatDateTime();
  const { dataGridProps, filters, sorters, setFilters, setCurrentPage, tableQuery } = useListDataGrid<User>({
    resource: USERS_RESOURCE,
    sorters: { initial: [{ field: "name", order: "asc" }] },
    errorNotification: false,
  });
  const [search, setSearch] = useGridSearch({ filters, setFilters, setCurrentPage });
  const exportTarget = useExportTarget(USERS_RESOURCE, { filters, sorters });
  const [creating, setCreating] = useState(false);
  // useDelete refreshes the list itself.
  const actions = useUserActions();
  const { askReset, askDelete, isSelf } = actions;

  const showUrl = useShowUrl(USERS_RESOURCE);
  const columns = useMemo(
    () => userColumns({ t, roleLabel, formatDateTime, isSelf, showUrl, onReset: askReset, onDelete: askDelete }),
    [t, roleLabel, formatDateTime, isSelf, showUrl, askReset, askDelete],
  );

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <ListPageHeader
        title={t("users.title")}
        help={t("users.help")}
        createLabel={t("users.create")}
        createIcon={<PersonAddOutlined />}
        onCreate={() => setCreating(true)}
      />
      <GridSearchField label={t("users.search")} value={search} onChange={setSearch} />
      {tableQuery.error && <Alert severity="error">{t("users.loadFailed", { message: tableQuery.error.message })}</Alert>}
      <ListDataGrid
        {...dataGridProps}
        totalIsEstimate={tableQuery.data?.totalIsEstimate}
        columns={columns}
        aria-label={t("users.title")} exportTarget={exportTarget}
        getRowHeight={() => "auto"}
        rowHref={(row) => showUrl(row.id)}
      />
      {creating && (
        <Suspense fallback={null}>
          <CreateUserDialog open onClose={() => setCreating(false)} />
        </Suspense>
      )}
      {actions.dialogs}
    </Box>
  );
}
