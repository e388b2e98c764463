import { useState } from "react";
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
import { GROUP_TYPES } from "../../../../domain/access/current-user";
import { resourceGroupCreateSchema, type ResourceGroup } from "../../../../domain/entities/resource-group";
import { notify } from "../../../providers/notifications";
import { FormDialog } from "../../../components/dialogs/FormDialog";
import { placeFieldErrors, useFieldProps } from "../../../components/forms/field-errors";
import { ApplicationPicker } from "./ApplicationPicker";
import { saveGroup, type GroupFormValues } from "./save-group";

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
  const { register, control, handleSubmit, watch, setError, formState } = useForm<z.input<typeof formSchema>, unknown, GroupFormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: group?.name ?? "", group_type: group?.group_type ?? "SELECTED", resource_ids: group?.resource_ids ?? [] },
  });
  const field = useFieldProps({ register, formState });
  const busy = formState.isSubmitting;

  const submit = async (values: GroupFormValues) => {
    setAlert(null);
    try {
      await saveGroup(values, saved, (g) => {
        setSaved(g);
        onChanged();
      });
      onChanged();
      notify({ message: t("groups.saved"), severity: "success" });
      onClose();
    } catch (error) {
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
    </FormDialog>
  );
}
