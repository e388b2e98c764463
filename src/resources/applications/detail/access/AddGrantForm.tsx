import { useMemo, useState, type FormEvent } from "react";
import { Alert, Autocomplete, Box, Button, MenuItem, TextField } from "@mui/material";
import { useCustomMutation, useList, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { User } from "../../../../../domain/entities/user";
import { APPROVAL_ROLES } from "../../../../../domain/workflow";
import { useRoleLabel } from "../../../../components/access/role-label";
import { notify } from "../../../../providers/notifications";
import { useRefusalText } from "../application-api";
import { useRefreshShown } from "../../../../providers/refresh";

type Person = Pick<User, "id" | "email" | "first_name" | "last_name">;
const personName = (p: Person) => `${p.first_name} ${p.last_name}`.trim();

/** Grants a user one of the three application roles on this application alone (PUT …/role-assignments). */
export function AddGrantForm({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const refusal = useRefusalText();
  const refresh = useRefreshShown();
  const [search, setSearch] = useState("");
  const [person, setPerson] = useState<Person | null>(null);
  const [roleId, setRoleId] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const users = useList<Person, HttpError>({
    resource: "manage-users",
    pagination: { currentPage: 1, pageSize: 50 },
    filters: [{ field: "q", operator: "contains", value: search.trim() || undefined }],
    sorters: [{ field: "name", order: "asc" }],
    errorNotification: false,
  });
  const roles = useList<{ id: string; name: string }, HttpError>({
    resource: "access-roles",
    pagination: { mode: "off" },
    errorNotification: false,
  });
  // Only the application roles can be granted on one application; Administrator stays a group role.
  const roleOptions = useMemo(
    () => (roles.result.data ?? []).filter((r) => (APPROVAL_ROLES as readonly string[]).includes(r.name)),
    [roles.result.data],
  );
  const { mutateAsync: put, mutation } = useCustomMutation<Record<string, unknown>, HttpError, { user_id: string; role_id: string }>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!person || !roleId) return;
    setFailure(null);
    try {
      await put({
        url: `/applications/${applicationId}/role-assignments`,
        method: "put",
        values: { user_id: person.id, role_id: roleId },
        successNotification: false,
        errorNotification: false,
      });
      const role = roleOptions.find((r) => r.id === roleId);
      notify({ message: t("application-detail.access.granted", { name: personName(person), role: roleLabel(role?.name ?? "") }), severity: "success" });
      setPerson(null);
      setRoleId("");
      void refresh();
    } catch (error) {
      setFailure(t("application-detail.access.grantFailed", { message: refusal(error) }));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t("application-detail.access.grantTitle")} sx={{ display: "grid", gap: 1 }}>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start" }}>
        <Autocomplete
          sx={{ minWidth: 280, flex: 1 }}
          options={users.result.data ?? []}
          value={person}
          onChange={(_event, value) => setPerson(value)}
          inputValue={search}
          onInputChange={(_event, value) => setSearch(value)}
          // The server searches; every option it returns matches.
          filterOptions={(options) => options}
          getOptionLabel={(p) => `${personName(p)} (${p.email})`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={users.query.isLoading}
          renderInput={(params) => <TextField {...params} size="small" label={t("application-detail.access.user")} />}
        />
        <TextField
          select
          size="small"
          sx={{ minWidth: 220 }}
          label={t("application-detail.access.role")}
          value={roleId}
          onChange={(event) => setRoleId(event.target.value)}
        >
          {roleOptions.map((r) => (
            <MenuItem key={r.id} value={r.id}>
              {roleLabel(r.name)}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={!person || !roleId || mutation.isPending}>
          {t("application-detail.access.grant")}
        </Button>
      </Box>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
    </Box>
  );
}
