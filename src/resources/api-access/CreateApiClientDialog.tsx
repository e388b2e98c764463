import { useState } from "react";
import { z } from "zod";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import { useList, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { apiClientCreateSchema, type ApiClientCreated } from "../../../domain/entities/api-client";
import type { ResourceGroup } from "../../../domain/entities/resource-group";
import { ApiClientSecretView } from "./ApiClientSecretView";
import { roleLabel } from "../../components/access/role-label";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { SelectField } from "../../components/forms/SelectField";
import { useResourceForm } from "../../components/forms/use-resource-form";

// The same ids the server checks; an unpicked select says "required", not zod's English "Invalid UUID".
const formSchema = apiClientCreateSchema.extend({
  role_id: z.uuid("validation.required"),
  resource_group_id: z.uuid("validation.required"),
});

export interface CreateApiClientDialogProps {
  onClose(): void;
  onCreated(): void;
}

/** "Create API client": the form, then the secret shown once; only "Done" closes the second step. */
export function CreateApiClientDialog({ onClose, onCreated }: CreateApiClientDialogProps) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<ApiClientCreated | null>(null);
  const { result: roles } = useList<{ id: string; name: string }, HttpError>({
    resource: "access-roles",
    pagination: { mode: "off" },
  });
  const { result: groups } = useList<ResourceGroup, HttpError>({
    resource: "application-groups",
    pagination: { mode: "off" },
    sorters: [{ field: "name", order: "asc" }],
  });
  // No snackbar: the next step shows the client created, with its secret.
  const form = useResourceForm<typeof formSchema, ApiClientCreated>({
    resource: "api-access",
    schema: formSchema,
    values: { name: "", role_id: "", resource_group_id: "" },
    onSaved: (client) => {
      setCreated(client);
      onCreated();
    },
  });
  const { control, field, busy } = form;

  const titleId = "api-client-dialog-title";

  if (created) {
    return (
      // Backdrop clicks and Escape do nothing: the secret is gone once this closes.
      <Dialog open onClose={() => {}} disableEscapeKeyDown aria-labelledby={titleId} maxWidth="md" fullWidth>
        <DialogTitle id={titleId}>{t("api-clients.secret.title")}</DialogTitle>
        <DialogContent>
          <ApiClientSecretView client={created} />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={onClose}>
            {t("api-clients.secret.done")}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <FormDialog
      titleId={titleId}
      title={t("api-clients.create")}
      form={form}
      submitLabel={t("common.actions.create")}
      onClose={onClose}
      contentSx={{ display: "grid", gap: 2.5, pt: "8px !important" }}
    >
      <TextField
        label={t("api-clients.fields.name")}
        autoFocus
        required
        disabled={busy}
        {...field("name")}
      />
      <SelectField
        control={control}
        name="role_id"
        label={t("api-clients.fields.role")}
        required
        disabled={busy}
        options={roles.data.map((role) => ({ value: role.id, label: roleLabel(t, role.name) }))}
      />
      <SelectField
        control={control}
        name="resource_group_id"
        label={t("api-clients.fields.resourceGroup")}
        required
        disabled={busy}
        options={groups.data.map((group) => ({ value: group.id, label: `${group.name} (${t(`groups.types.${group.group_type}`)})` }))}
      />
    </FormDialog>
  );
}
