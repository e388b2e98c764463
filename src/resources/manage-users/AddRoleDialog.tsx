import { useMemo, useState } from "react";
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, MenuItem, TextField } from "@mui/material";
import { useCustomMutation, useList, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { roleSchema, User } from "../../../domain/entities/user";
import type { ResourceGroup } from "../../../domain/entities/resource-group";
import { notify } from "../../providers/notifications";
import { useRoleLabel } from "../../components/access/role-label";
import { fullName } from "./user-support";

type Role = z.infer<typeof roleSchema>;

/**
 * Gives the user a role on a resource group (PUT .../roles/{role}/resource-groups/{group}). The server
 * keeps one group per role, so choosing a role the user has moves it; the dialog says so before saving.
 */
export function AddRoleDialog({ user, open, onClose, onChanged }: { user: User; open: boolean; onClose(): void; onChanged(): void }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const [roleId, setRoleId] = useState("");
  const [groupId, setGroupId] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
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
  const { mutateAsync: put, mutation } = useCustomMutation<User, HttpError, undefined>();
  const busy = mutation.isPending;

  const roleOptions = useMemo(
    () => [...(roles.result.data ?? [])].sort((a, b) => roleLabel(a.name).localeCompare(roleLabel(b.name))),
    [roles.result.data, roleLabel],
  );
  const groupOptions = groups.result.data ?? [];
  const current = user.roles.find((r) => r.role_id === roleId && r.resource_group.id !== groupId);
  const loadError = roles.query.error ?? groups.query.error;

  const close = () => {
    if (busy) return;
    setRoleId("");
    setGroupId("");
    setFailure(null);
    onClose();
  };

  const submit = async () => {
    const role = roleOptions.find((r) => r.id === roleId);
    const group = groupOptions.find((g) => g.id === groupId);
    if (!role || !group) return;
    setFailure(null);
    try {
      await put({
        url: `/access/users/${user.id}/roles/${role.id}/resource-groups/${group.id}`,
        method: "put",
        values: undefined,
        successNotification: false,
        errorNotification: false,
      });
      notify({ message: t("users.assignments.added", { name: fullName(user), role: roleLabel(role.name), group: group.name }), severity: "success" });
      onChanged();
      setRoleId("");
      setGroupId("");
      onClose();
    } catch (error) {
      setFailure(t("users.assignments.addFailed", { message: (error as HttpError).message }));
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="add-role-title" maxWidth="sm" fullWidth>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id="add-role-title">{t("users.addDialog.title")}</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2 }}>
          <DialogContentText>{t("users.assignments.help")}</DialogContentText>
          {loadError && (
            <Alert severity="error" role="alert">
              {t("users.assignments.optionsFailed", { message: loadError.message })}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <TextField select required label={t("users.fields.role")} value={roleId} onChange={(e) => setRoleId(e.target.value)} disabled={roles.query.isLoading}>
            {roleOptions.map((role) => (
              <MenuItem key={role.id} value={role.id}>
                {roleLabel(role.name)}
              </MenuItem>
            ))}
          </TextField>
          <TextField select required label={t("users.fields.group")} value={groupId} onChange={(e) => setGroupId(e.target.value)} disabled={groups.query.isLoading}>
            {groupOptions.map((group) => (
              <MenuItem key={group.id} value={group.id}>
                {group.name} ({t(`users.groupTypes.${group.group_type}`)})
              </MenuItem>
            ))}
          </TextField>
          {current && groupId && (
            <Alert severity="info">{t("users.addDialog.moves", { name: fullName(user), group: current.resource_group.name })}</Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={busy || !roleId || !groupId}>
            {t("users.addDialog.submit")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
