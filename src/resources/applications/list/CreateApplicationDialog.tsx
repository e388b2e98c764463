import { useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { MenuItem, TextField } from "@mui/material";
import { useCreate, useGetIdentity, useInvalidateAuthStore, useNavigation, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { CurrentUser } from "../../../../domain/access/current-user";
import { newApplicationGroup } from "../../../../domain/access/new-application-group";
import type { Application, ApplicationCreate } from "../../../../domain/entities/application";
import { nameSchema } from "../../../../domain/validation/rules";
import { applyFieldErrors, useFieldMessage, useFieldProps } from "../../../components/forms/field-errors";
import { FormDialog } from "../../../components/dialogs/FormDialog";
import { notify } from "../../../providers/notifications";

/** Same limit as the server's application description. */
const DESCRIPTION_MAX = 4000;

/** The dialog's fields; the group is asked for only when the creator must choose one. */
const formSchema = (needsGroup: boolean) =>
  z.object({
    name: nameSchema,
    description: z.string().trim().max(DESCRIPTION_MAX, "validation.tooLong"),
    resource_group_id: needsGroup ? z.string().min(1, "validation.required") : z.string(),
  });
type FormValues = z.infer<ReturnType<typeof formSchema>>;
const FIELDS = ["name", "description", "resource_group_id"] as const;

/**
 * Adds an application (POST /applications). Then the creator lands on its page to answer the
 * questionnaire. A contributor in several groups picks the one it joins, so they keep seeing it.
 */
export function CreateApplicationDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { show } = useNavigation();
  const invalidateIdentity = useInvalidateAuthStore();
  const fieldMessage = useFieldMessage();
  const { data: me } = useGetIdentity<CurrentUser>();
  // The same rule the server applies: asked only of a contributor who must pick one of several groups.
  const groups = useMemo(() => {
    const decision = me ? newApplicationGroup(me) : undefined;
    return decision && "choose" in decision && decision.choose.length > 1 ? decision.choose : [];
  }, [me]);
  const needsGroup = groups.length > 0;
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync: create } = useCreate<Application, HttpError, ApplicationCreate>();
  const schema = useMemo(() => formSchema(needsGroup), [needsGroup]);
  const { register, handleSubmit, control, formState, setError, reset } = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: { name: "", description: "", resource_group_id: "" },
  });
  const field = useFieldProps({ register, formState });
  const { errors, isSubmitting } = formState;

  const close = () => {
    reset();
    setFailure(null);
    onClose();
  };

  const onSubmit = async (values: FormValues) => {
    setFailure(null);
    const body: ApplicationCreate = {
      name: values.name,
      ...(values.description ? { description: values.description } : {}),
      ...(needsGroup ? { resource_group_id: values.resource_group_id } : {}),
    };
    try {
      const { data } = await create({ resource: "applications", values: body, successNotification: false, errorNotification: false });
      notify({ message: t("common.messages.applicationSaved"), severity: "success" });
      reset();
      onClose();
      // The creator's packed rules name the applications their SELECTED groups reach: reload them so the
      // new one is editable on its page at once.
      await invalidateIdentity();
      show("applications", data.id);
    } catch (error) {
      const problem = error as HttpError;
      // A taken name (409) or a missing group (400) belongs on its field.
      if (!applyFieldErrors(problem, FIELDS, setError)) setFailure(t("applications.createDialog.failed", { message: problem.message }));
    }
  };

  return (
    <FormDialog
      open={open}
      titleId="create-application-title"
      title={t("applications.createDialog.title")}
      help={t("applications.createDialog.help")}
      error={failure}
      submitLabel={t("applications.createDialog.submit")}
      busy={isSubmitting}
      onClose={close}
      onSubmit={handleSubmit(onSubmit)}
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
