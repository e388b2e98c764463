import { useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import {
  Box,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from "@mui/material";
import type { HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { GROUP_TYPES } from "../../../domain/access/current-user";
import { resourceGroupCreateSchema, type ResourceGroup } from "../../../domain/entities/resource-group";
import { notify } from "../../providers/notifications";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { placeFieldErrors, useFieldProps } from "../../components/forms/field-errors";
import { ApplicationPicker } from "./ApplicationPicker";
import { groupPath, saveGroup, type GroupFormValues } from "./save-group";
import { api } from "../../providers/api-client";
import { fieldConflictRows, useEditConflict } from "../../components/forms/conflict/use-edit-conflict";

const formSchema = resourceGroupCreateSchema.extend({ resource_ids: z.array(z.uuid()) });
const FIELDS = ["name", "group_type", "resource_ids"] as const;

export interface GroupFormDialogProps {
  /** The group to edit; none to create one. */
  group?: ResourceGroup;
  onClose(): void;
  /** Called whenever the server holds a changed group (also after a partly failed save). */
  onChanged(): void;
}

/** The one form for creating and editing an application group (name, type, applications). */
export function GroupFormDialog({ group, onClose, onChanged }: GroupFormDialogProps) {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  // The group as last saved: after a create whose application calls failed, a retry patches it.
  const [saved, setSaved] = useState<ResourceGroup | undefined>(group);
  // The group as stored: what the form starts from, and what a refused save is compared with.
  const [stored, setStored] = useState<ResourceGroup | undefined>(group);
  const current = useMemo(
    () => ({ name: stored?.name ?? "", group_type: stored?.group_type ?? ("SELECTED" as const), resource_ids: stored?.resource_ids ?? [] }),
    [stored],
  );
  const { register, control, handleSubmit, watch, setError, formState, reset } = useForm<z.input<typeof formSchema>, unknown, GroupFormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: current,
  });
  const conflict = useEditConflict({
    version: stored?.version ?? 0,
    current,
    isDirty: formState.isDirty,
    reset,
    refetch: async () => stored && setStored(await api<ResourceGroup>({ path: groupPath(stored.id) })),
    rowsOf: fieldConflictRows<z.input<typeof formSchema>>(
      [
        { name: "name", label: t("groups.fields.name") },
        { name: "group_type", label: t("groups.fields.groupType"), format: (type) => t(`groups.types.${String(type)}`) },
      ],
      t("common.conflict.empty"),
    ),
  });
  const field = useFieldProps({ register, formState });
  const busy = formState.isSubmitting;

  const submit = async (values: GroupFormValues) => {
    setAlert(null);
    try {
      await saveGroup(
        values,
        saved,
        (g) => {
          setSaved(g);
          onChanged();
        },
        // A retry after a create whose application calls failed patches the group it created.
        stored ? conflict.editedVersion() : saved?.version,
      );
      onChanged();
      notify({ message: t("groups.saved"), severity: "success" });
      onClose();
    } catch (error) {
      if (conflict.handled(error, values)) return;
      const unplaced = placeFieldErrors(error as HttpError, FIELDS, setError);
      if (unplaced !== null) setAlert(t(unplaced));
    }
  };

  const titleId = "group-form-title";

  return (
    <FormDialog
      titleId={titleId}
      title={group ? t("groups.editTitle") : t("groups.createTitle")}
      error={alert}
      submitLabel={t("common.save")}
      busy={busy}
      onClose={onClose}
      onSubmit={handleSubmit(submit)}
      contentSx={{ display: "grid", gap: 2.5, pt: "8px !important" }}
    >
      <TextField
        label={t("groups.fields.name")}
        autoFocus
        required
        disabled={busy}
        {...field("name")}
      />
      <Controller
        control={control}
        name="group_type"
        render={({ field }) => (
          <FormControl disabled={busy}>
            <FormLabel id="group-type-label">{t("groups.fields.groupType")}</FormLabel>
            <RadioGroup aria-labelledby="group-type-label" name={field.name} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
              {GROUP_TYPES.map((type) => (
                <Box key={type} sx={{ mb: 0.5 }}>
                  <FormControlLabel
                    value={type}
                    control={<Radio slotProps={{ input: { "aria-describedby": `group-type-help-${type}` } }} />}
                    label={t(`groups.types.${type}`)}
                  />
                  <Typography id={`group-type-help-${type}`} variant="body2" color="text.secondary" sx={{ ml: 4, mt: -0.75 }}>
                    {t(`groups.typeHelp.${type}`)}
                  </Typography>
                </Box>
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
      {watch("group_type") === "SELECTED" && (
        <Controller
          control={control}
          name="resource_ids"
          render={({ field }) => <ApplicationPicker value={field.value} onChange={field.onChange} disabled={busy} />}
        />
      )}
      {conflict.dialog}
    </FormDialog>
  );
}
