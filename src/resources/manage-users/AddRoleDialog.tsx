import { useMemo } from "react";
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useCustomMutation, useList, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { userRoleGroupParamsSchema, type roleSchema, type User } from "../../../domain/entities/user";
import type { ResourceGroup } from "../../../domain/entities/resource-group";
import { useRoleLabel } from "../../components/access/role-label";
import { SelectField } from "../../components/forms/SelectField";
import { useResourceForm } from "../../components/forms/use-resource-form";
import { fullName } from "./user-support";

type Role = z.infer<typeof roleSchema>;
/** The role and group chosen: the path of PUT .../roles/{role_id}/resource-groups/{resource_group_id} for this user. */
const assignmentSchema = userRoleGroupParamsSchema.omit({ user_id: true });

/**
 * Gives the user a role on a resource group (PUT .../roles/{role}/resource-groups/{group}). The server
 * keeps one group per role, so choosing a role the user has moves it; the dialog says so before saving.
 */
export function AddRoleDialog({ user, open, onClose, onChanged }: { user: User; open: boolean; onClose(): void; onChanged(): void }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const roles = useList<Role, HttpError>({
    resource: "access-roles",
    pagination: { mode: "off" },
    queryOptions: { enabled: open },
    errorNotification: false,
  });
  const groups = useList<ResourceGroup, HttpError>({
    resource: "application-groups",
    pagination: { currentPage: 1, pageSize: 200 },
    sorters: [{ field: "name", order: "asc" }],
    queryOptions: { enabled: open },
    errorNotification: false,
  });
  const { mutateAsync: put } = useCustomMutation<User, HttpError, undefined>();

  const roleOptions = useMemo(
    () => [...(roles.result.data ?? [])].sort((a, b) => roleLabel(a.name).localeCompare(roleLabel(b.name))),
    [roles.result.data, roleLabel],
  );
  const groupOptions = groups.result.data ?? [];

  const form = useResourceForm<typeof assignmentSchema, { role: string; group: string }>({
    schema: assignmentSchema,
    values: { role_id: "", resource_group_id: "" },
    save: async ({ role_id, resource_group_id }) => {
      await put({
        url: `/access/users/${user.id}/roles/${role_id}/resource-groups/${resource_group_id}`,
        method: "put",
        values: undefined,
        successNotification: false,
        errorNotification: false,
      });
      // The role and group given, in words, for the snackbar.
      return {
        role: roleLabel(roleOptions.find((r) => r.id === role_id)?.name ?? role_id),
        group: groupOptions.find((g) => g.id === resource_group_id)?.name ?? resource_group_id,
      };
    },
    success: ({ role, group }) => t("users.assignments.added", { name: fullName(user), role, group }),
    failure: "users.assignments.addFailed",
    onSaved: () => {
      onChanged();
      onClose();
    },
  });
  const [roleId, groupId] = form.watch(["role_id", "resource_group_id"]);
  const current = user.roles.find((r) => r.role_id === roleId && r.resource_group.id !== groupId);
  const loadError = roles.query.error ?? groups.query.error;

  const close = () => {
    if (form.busy) return;
    form.discard();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="add-role-title" maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={form.submit}>
        <DialogTitle id="add-role-title">{t("users.addDialog.title")}</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2 }}>
          <DialogContentText>{t("users.assignments.help")}</DialogContentText>
          {loadError && (
            <Alert severity="error" role="alert">
              {t("users.assignments.optionsFailed", { message: loadError.message })}
            </Alert>
          )}
          {form.failure && (
            <Alert severity="error" role="alert">
              {form.failure}
            </Alert>
          )}
          <SelectField
            control={form.control}
            name="role_id"
            label={t("users.fields.role")}
            required
            disabled={roles.query.isLoading}
            options={roleOptions.map((role) => ({ value: role.id, label: roleLabel(role.name) }))}
          />
          <SelectField
            control={form.control}
            name="resource_group_id"
            label={t("users.fields.group")}
            required
            disabled={groups.query.isLoading}
            options={groupOptions.map((group) => ({ value: group.id, label: `${group.name} (${t(`users.groupTypes.${group.group_type}`)})` }))}
          />
          {current && groupId && (
            <Alert severity="info">{t("users.addDialog.moves", { name: fullName(user), group: current.resource_group.name })}</Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={form.busy}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={form.busy || !roleId || !groupId}>
            {t("users.addDialog.submit")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
