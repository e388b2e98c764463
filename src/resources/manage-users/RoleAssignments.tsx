import { useState } from "react";
import { Alert, Box, Button, Card, CardContent, IconButton, Table, TableBody, TableCell, TableRow, Tooltip, Typography } from "@mui/material";
import AddOutlined from "@mui/icons-material/AddOutlined";
import RemoveCircleOutline from "@mui/icons-material/RemoveCircleOutline";
import { useCustomMutation, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { User } from "../../../domain/entities/user";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog";
import { notify } from "../../providers/notifications";
import { AddRoleDialog } from "./AddRoleDialog";
import { useRoleLabel } from "../../components/access/role-label";
import { fullName } from "./user-support";
import { TableHeader } from "../../components/layout/TableHeader";

type Assignment = User["roles"][number];

/** The user's roles per resource group, with add (PUT) and remove (DELETE, which takes the role in every group). */
export function RoleAssignments({ user, onChanged }: { user: User; onChanged(): void }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<{ assignment: Assignment; groups: string[] } | null>(null);
  const [removeOpen, setRemoveOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync: remove } = useCustomMutation<Record<string, never>, HttpError, undefined>();

  // DELETE /access/users/{id}/roles/{role_id} has no group: it removes the role wherever the user holds it.
  const groupsOf = (roleId: string) => user.roles.filter((r) => r.role_id === roleId).map((r) => r.resource_group.name);

  const askRemove = (assignment: Assignment) => {
    setFailure(null);
    setRemoving({ assignment, groups: groupsOf(assignment.role_id) });
    setRemoveOpen(true);
  };

  const confirmRemove = async () => {
    if (!removing) return;
    const { assignment } = removing;
    try {
      await remove({
        url: `/access/users/${user.id}/roles/${assignment.role_id}`,
        method: "delete",
        values: undefined,
        successNotification: false,
        errorNotification: false,
      });
      notify({ message: t("users.assignments.removed", { role: roleLabel(assignment.name) }), severity: "success" });
      onChanged();
    } catch (error) {
      // E.g. 409: the company's last Administrator keeps the role; the dialog stays open with the reason.
      setFailure(t("users.assignments.removeFailed", { message: (error as HttpError).message }));
      throw error;
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="user-roles-title">
      <CardContent sx={{ display: "grid", gap: 2 }}>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
          <Typography id="user-roles-title" variant="h6" component="h2">
            {t("users.assignments.title")}
          </Typography>
          <Button variant="outlined" startIcon={<AddOutlined />} onClick={() => setAdding(true)}>
            {t("users.assignments.add")}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t("users.assignments.help")}
        </Typography>
        {user.roles.length === 0 ? (
          <Alert severity="info">{t("users.assignments.empty")}</Alert>
        ) : (
          <Table size="small" aria-label={t("users.assignments.caption", { name: fullName(user) })}>
            <TableHeader
              cells={[
                t("users.fields.role"),
                t("users.fields.group"),
                t("users.fields.groupType"),
                { label: t("users.actions.label"), align: "right" },
              ]}
            />
            <TableBody>
              {user.roles.map((r) => {
                const label = t("users.assignments.removeNamed", { role: roleLabel(r.name), group: r.resource_group.name });
                return (
                  <TableRow key={`${r.role_id}-${r.resource_group.id}`}>
                    <TableCell>{roleLabel(r.name)}</TableCell>
                    <TableCell translate="no">{r.resource_group.name}</TableCell>
                    <TableCell>{t(`users.groupTypes.${r.resource_group.group_type}`)}</TableCell>
                    <TableCell align="right">
                      <Tooltip title={label}>
                        <IconButton aria-label={label} onClick={() => askRemove(r)}>
                          <RemoveCircleOutline />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <AddRoleDialog user={user} open={adding} onClose={() => setAdding(false)} onChanged={onChanged} />
      <ConfirmDialog
        open={removeOpen}
        title={t("users.assignments.removeTitle")}
        confirmLabel={t("users.assignments.removeConfirm")}
        destructive
        onClose={() => setRemoveOpen(false)}
        error={failure}
        onConfirm={confirmRemove}
      >
        {removing &&
          t("users.assignments.removeBody", { name: fullName(user), role: roleLabel(removing.assignment.name), groups: removing.groups.join(", ") })}
      </ConfirmDialog>
    </Card>
  );
}
