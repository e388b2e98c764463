import { useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { Alert, Box, Button, InputAdornment, TextField, Typography } from "@mui/material";
import PersonAddOutlined from "@mui/icons-material/PersonAddOutlined";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import { DataGrid } from "@mui/x-data-grid";
import { useDataGrid } from "@refinedev/mui";
import { useTranslation } from "react-i18next";
import type { User } from "../../../../domain/entities/user";
import { CreateUserDialog } from "./CreateUserDialog";
import { userColumns } from "./user-columns";
import { useFormatDateTime, useGridLocaleText, useGridSearch } from "../../../components/data-grid/grid-support";
import { useRoleLabel } from "../../../components/access/role-label";
import { USERS_META, USERS_RESOURCE } from "./user-support";
import { useUserActions } from "./use-user-actions";

/** /manage-users (spec §2 admin routes, §7 Access): the company's users, searched, sorted and paged on the server. */
export default function UserListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const roleLabel = useRoleLabel();
  const formatDateTime = useFormatDateTime();
  const localeText = useGridLocaleText();
  const { dataGridProps, filters, setFilters, setCurrentPage, tableQuery } = useDataGrid<User>({
    resource: USERS_RESOURCE,
    meta: USERS_META,
    sorters: { initial: [{ field: "name", order: "asc" }] },
    errorNotification: false,
  });
  const [search, setSearch] = useGridSearch({ filters, setFilters, setCurrentPage });
  const [creating, setCreating] = useState(false);
  // useDelete refreshes the list itself.
  const actions = useUserActions();
  const { askReset, askDelete, isSelf } = actions;

  const columns = useMemo(
    () => userColumns({ t, roleLabel, formatDateTime, isSelf, onReset: askReset, onDelete: askDelete }),
    [t, roleLabel, formatDateTime, isSelf, askReset, askDelete],
  );

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="h5" component="h1">
          {t("users.title")}
        </Typography>
        <Button variant="contained" startIcon={<PersonAddOutlined />} onClick={() => setCreating(true)}>
          {t("users.create")}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 860 }}>
        {t("users.help")}
      </Typography>
      <TextField
        label={t("users.search")}
        type="search"
        size="small"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ maxWidth: 360 }}
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
      {tableQuery.error && <Alert severity="error">{t("users.loadFailed", { message: tableQuery.error.message })}</Alert>}
      <DataGrid
        {...dataGridProps}
        columns={columns}
        aria-label={t("users.title")}
        disableColumnFilter
        pageSizeOptions={[10, 25, 50, 100]}
        localeText={localeText}
        getRowHeight={() => "auto"}
        onRowClick={({ row }, event) => {
          // Clicks on the name link and the action buttons do their own thing.
          if ((event.target as HTMLElement).closest("a, button")) return;
          navigate(`/manage-users/${row.id}`);
        }}
        sx={{ "& .MuiDataGrid-row": { cursor: "pointer" } }}
        autoHeight
      />
      <CreateUserDialog open={creating} onClose={() => setCreating(false)} />
      {actions.dialogs}
    </Box>
  );
}
