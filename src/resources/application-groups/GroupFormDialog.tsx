import { useState } from "react";
import { Controller } from "react-hook-form";
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
import { useOne, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { GROUP_TYPES } from "../../../domain/access/current-user";
import type { ResourceGroup } from "../../../domain/entities/resource-group";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { useResourceForm } from "../../components/forms/use-resource-form";
import { ApplicationPicker } from "./ApplicationPicker";
import { groupFormSchema, GROUPS_RESOURCE, useSaveGroup } from "./save-group";

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
  const saveGroup = useSaveGroup();
  // The group as last saved: after a create whose application calls failed, a retry patches it.
  const [saved, setSaved] = useState<ResourceGroup | undefined>(group);
  // The group as stored: the list's row, until a refused save reads it again; kept only while the dialog is open.
  const { query } = useOne<ResourceGroup, HttpError>({
    resource: GROUPS_RESOURCE,
    id: group?.id ?? "",
    queryOptions: { enabled: false, gcTime: 0 },
    errorNotification: false,
  });
  const stored = group && (query.data?.data ?? group);
  const form = useResourceForm<typeof groupFormSchema, ResourceGroup>({
    resource: GROUPS_RESOURCE,
    id: stored?.id,
    schema: groupFormSchema,
    values: { name: stored?.name ?? "", group_type: stored?.group_type ?? "SELECTED", resource_ids: stored?.resource_ids ?? [] },
    version: stored?.version,
    refetch: () => query.refetch(),
    conflictFields: [
      { name: "name", label: t("groups.fields.name") },
      { name: "group_type", label: t("groups.fields.groupType"), format: (type) => t(`groups.types.${String(type)}`) },
    ],
    save: (values, editedVersion) =>
      saveGroup(
        values,
        saved,
        (g) => {
          setSaved(g);
          onChanged();
        },
        // A retry after a create whose application calls failed patches the group it created.
        stored ? editedVersion : saved?.version,
      ),
    success: "groups.saved",
    onSaved: () => {
      onChanged();
      onClose();
    },
  });
  const { control, field, watch, busy, conflictDialog } = form;

  const titleId = "group-form-title";

  return (
    <FormDialog
      titleId={titleId}
      title={group ? t("groups.editTitle") : t("groups.createTitle")}
      form={form}
      submitLabel={t("common.save")}
      onClose={onClose}
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
      {conflictDialog}
    </FormDialog>
  );
}
