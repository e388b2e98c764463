import { useMemo, useState } from "react";
import { Controller } from "react-hook-form";
import { Alert, Autocomplete, Box, Button, MenuItem, TextField } from "@mui/material";
import { useCustomMutation, useList, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { applicationGrantBodySchema } from "../../../../../domain/entities/application-access";
import type { User } from "../../../../../domain/entities/user";
import { APPROVAL_ROLES } from "../../../../../domain/workflow";
import { useRoleLabel } from "../../../../components/access/role-label";
import { useResourceForm } from "../../../../components/forms/use-resource-form";
import { useRefreshShown } from "../../../../providers/refresh";

type Person = Pick<User, "id" | "email" | "first_name" | "last_name">;
const personName = (p: Person) => `${p.first_name} ${p.last_name}`.trim();

/** Grants a user one of the three application roles on this application alone (PUT …/role-assignments). */
export function AddGrantForm({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const refresh = useRefreshShown();
  const [search, setSearch] = useState("");
  const [person, setPerson] = useState<Person | null>(null);
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
  const { mutateAsync: put } = useCustomMutation<Record<string, unknown>, HttpError, { user_id: string; role_id: string }>();
  // The save answers with the grant it made, which the success message names.
  const form = useResourceForm<typeof applicationGrantBodySchema, { user_id: string; role_id: string }>({
    schema: applicationGrantBodySchema,
    values: { user_id: "", role_id: "" },
    save: async (grant) => {
      await put({ url: `/applications/${applicationId}/role-assignments`, method: "put", values: grant, successNotification: false, errorNotification: false });
      return grant;
    },
    success: (grant) =>
      t("application-detail.access.granted", { name: person ? personName(person) : "", role: roleLabel(roleOptions.find((r) => r.id === grant.role_id)?.name ?? "") }),
    failure: "application-detail.access.grantFailed",
    onSaved: () => {
      setPerson(null);
      void refresh();
    },
  });
  const roleId = form.watch("role_id");

  return (
    <Box component="form" noValidate onSubmit={form.submit} aria-label={t("application-detail.access.grantTitle")} sx={{ display: "grid", gap: 1 }}>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start" }}>
        <Autocomplete
          sx={{ minWidth: 280, flex: 1 }}
          options={users.result.data ?? []}
          value={person}
          onChange={(_event, value) => {
            setPerson(value);
            form.setValue("user_id", value?.id ?? "", { shouldDirty: true });
          }}
          inputValue={search}
          onInputChange={(_event, value) => setSearch(value)}
          // The server searches; every option it returns matches.
          filterOptions={(options) => options}
          getOptionLabel={(p) => `${personName(p)} (${p.email})`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          loading={users.query.isLoading}
          renderInput={(params) => <TextField {...params} size="small" label={t("application-detail.access.user")} />}
        />
        <Controller
          name="role_id"
          control={form.control}
          render={({ field }) => (
            <TextField select size="small" sx={{ minWidth: 220 }} label={t("application-detail.access.role")} {...field}>
              {roleOptions.map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {roleLabel(r.name)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Button type="submit" variant="contained" disabled={!person || !roleId || form.busy}>
          {t("application-detail.access.grant")}
        </Button>
      </Box>
      {form.failure && (
        <Alert severity="error" role="alert">
          {form.failure}
        </Alert>
      )}
    </Box>
  );
}
