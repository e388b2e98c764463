import { useMemo } from "react";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { MenuItem, TextField } from "@mui/material";
import { useGetIdentity, useInvalidateAuthStore, useNavigation } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { CurrentUser } from "../../../../domain/access/current-user";
import { newApplicationGroup } from "../../../../domain/access/new-application-group";
import { applicationCreateSchema, type Application } from "../../../../domain/entities/application";
import { FormDialog } from "../../../components/dialogs/FormDialog";
import { useResourceForm } from "../../../components/forms/use-resource-form";
import { track } from "../../../telemetry/analytics";

/**
 * The dialog's part of the application: name and description, and the group only when the creator must choose
 * one (otherwise the server decides). A blank description is left out.
 */
const formSchema = (needsGroup: boolean) =>
  applicationCreateSchema
    .pick({ name: true, description: true })
    .extend({ resource_group_id: needsGroup ? z.string().min(1, "validation.required") : z.string().transform(() => undefined) })
    .transform(({ description, ...rest }) => ({ ...rest, ...(description ? { description } : {}) }));

const EMPTY = { name: "", description: "", resource_group_id: "" };

/**
 * Adds an application (POST /applications). Then the creator lands on its page to answer the
 * questionnaire. A contributor in several groups picks the one it joins, so they keep seeing it.
 */
export function CreateApplicationDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { show } = useNavigation();
  const invalidateIdentity = useInvalidateAuthStore();
  const { data: me } = useGetIdentity<CurrentUser>();
  // The same rule the server applies: asked only of a contributor who must pick one of several groups.
  const groups = useMemo(() => {
    const decision = me ? newApplicationGroup(me) : undefined;
    return decision && "choose" in decision && decision.choose.length > 1 ? decision.choose : [];
  }, [me]);
  const needsGroup = groups.length > 0;
  const schema = useMemo(() => formSchema(needsGroup), [needsGroup]);
  const form = useResourceForm<ReturnType<typeof formSchema>, Application, typeof EMPTY>({
    resource: "applications",
    schema,
    values: EMPTY,
    success: "common.messages.applicationSaved",
    failure: "applications.createDialog.failed",
    onSaved: async (application) => {
      track("application_created", { application_id: application.id });
      onClose();
      // The creator's packed rules name the applications their SELECTED groups reach: reload them so the
      // new one is editable on its page at once.
      await invalidateIdentity();
      show("applications", application.id);
    },
  });
  const { field, fieldMessage, control } = form;
  const { errors } = form.formState;

  return (
    <FormDialog
      open={open}
      titleId="create-application-title"
      title={t("applications.createDialog.title")}
      help={t("applications.createDialog.help")}
      form={form}
      submitLabel={t("applications.createDialog.submit")}
      onClose={onClose}
    >
      <TextField
        label={t("applications.fields.name")}
        autoComplete="off"
        autoFocus
        required
        {...field("name")}
      />
      <TextField
        label={t("applications.fields.description")}
        multiline
        minRows={3}
        {...field("description")}
      />
      {needsGroup && (
        <Controller
          name="resource_group_id"
          control={control}
          render={({ field }) => (
            <TextField
              select
              required
              label={t("applications.fields.group")}
              {...field}
              error={Boolean(errors.resource_group_id)}
              helperText={fieldMessage(errors.resource_group_id?.message) ?? t("applications.createDialog.groupHelp")}
            >
              {groups.map((g) => (
                <MenuItem key={g.id} value={g.id}>
                  {g.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
    </FormDialog>
  );
}
