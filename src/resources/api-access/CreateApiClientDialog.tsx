import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from "@mui/material";
import { useCreate, useList, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import {
  apiClientCreateSchema,
  type ApiClientCreate,
  type ApiClientCreated,
} from "../../../domain/entities/api-client";
import type { ResourceGroup } from "../../../domain/entities/resource-group";
import { ApiClientSecretView } from "./ApiClientSecretView";
import { roleLabel } from "../../components/access/role-label";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { placeFieldErrors, useFieldMessage, useFieldProps } from "../../components/forms/field-errors";

// An unpicked select says "required", not zod's English "Invalid UUID".
const formSchema = apiClientCreateSchema.extend({
  role_id: z.string().min(1, "validation.required"),
  resource_group_id: z.string().min(1, "validation.required"),
});
const FIELDS = ["name", "role_id", "resource_group_id"] as const;

export interface CreateApiClientDialogProps {
  onClose(): void;
  onCreated(): void;
}

/** "Create API client": the form, then the secret shown once; only "Done" closes the second step. */
export function CreateApiClientDialog({ onClose, onCreated }: CreateApiClientDialogProps) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const [created, setCreated] = useState<ApiClientCreated | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const { result: roles } = useList<{ id: string; name: string }, HttpError>({
    resource: "access-roles",
    pagination: { mode: "off" },
  });
  const { result: groups } = useList<ResourceGroup, HttpError>({
    resource: "application-groups",
    pagination: { mode: "off" },
    sorters: [{ field: "name", order: "asc" }],
  });
  const { mutateAsync: create } = useCreate<ApiClientCreated, HttpError, ApiClientCreate>();
  const { register, control, handleSubmit, setError, formState } = useForm<z.input<typeof formSchema>, unknown, ApiClientCreate>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: "", role_id: "", resource_group_id: "" },
  });
  const field = useFieldProps({ register, formState });
  const busy = formState.isSubmitting;

  const submit = async (values: ApiClientCreate) => {
    setAlert(null);
    try {
      const { data } = await create({
        resource: "api-access",
        values,
        successNotification: false,
        errorNotification: false,
      });
      setCreated(data);
      onCreated();
    } catch (error) {
      const unplaced = placeFieldErrors(error as HttpError, FIELDS, setError);
      if (unplaced !== null) setAlert(t(unplaced));
    }
  };

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
      error={alert}
      submitLabel={t("common.actions.create")}
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit(submit)}
      contentSx={{ display: "grid", gap: 2.5, pt: "8px !important" }}
    >
      <TextField
        label={t("api-clients.fields.name")}
        autoFocus
        required
        disabled={busy}
        {...field("name")}
      />
      <Controller
        control={control}
        name="role_id"
        render={({ field }) => (
          <TextField
            select
            required
            label={t("api-clients.fields.role")}
            disabled={busy}
            {...field}
            error={Boolean(formState.errors.role_id)}
            helperText={fieldMessage(formState.errors.role_id?.message)}
          >
            {roles.data.map((role) => (
              <MenuItem key={role.id} value={role.id}>
                {roleLabel(t, role.name)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={control}
        name="resource_group_id"
        render={({ field }) => (
          <TextField
            select
            required
            label={t("api-clients.fields.resourceGroup")}
            disabled={busy}
            {...field}
            error={Boolean(formState.errors.resource_group_id)}
            helperText={fieldMessage(formState.errors.resource_group_id?.message)}
          >
            {groups.data.map((group) => (
              <MenuItem key={group.id} value={group.id}>
                {group.name} ({t(`groups.types.${group.group_type}`)})
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </FormDialog>
  );
}
