import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { TextField } from "@mui/material";
import { useCreate, useNavigation, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { userCreateSchema, type User } from "../../../domain/entities/user";
import { notify } from "../../providers/notifications";
import { applyFieldErrors, useFieldMessage, useFieldProps } from "../../components/forms/field-errors";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { LanguageField } from "../../components/forms/LanguageField";
import { USERS_RESOURCE } from "./user-support";

type FormInput = z.input<typeof userCreateSchema>;
type FormOutput = z.output<typeof userCreateSchema>;
const FIELDS = ["email", "first_name", "last_name", "language"] as const;

/** Invites a user (POST /access/users): the server e-mails a temporary password; then the admin gives roles on the user's page. */
export function CreateUserDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { show } = useNavigation();
  const fieldMessage = useFieldMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync: create } = useCreate<User, HttpError, FormOutput>();
  const defaultLanguage = i18n.resolvedLanguage === "es" ? "es" : "en";
  const { register, handleSubmit, control, formState, setError, reset } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(userCreateSchema),
    defaultValues: { email: "", first_name: "", last_name: "", language: defaultLanguage },
  });
  const field = useFieldProps({ register, formState });
  const { errors, isSubmitting } = formState;

  const close = () => {
    reset();
    setFailure(null);
    onClose();
  };

  const onSubmit = async (values: FormOutput) => {
    setFailure(null);
    try {
      const { data } = await create({ resource: USERS_RESOURCE, values, successNotification: false, errorNotification: false });
      notify({ message: t("users.created", { email: data.email }), severity: "success" });
      reset();
      onClose();
      // Roles are given on the user's page; a new user has none yet.
      show(USERS_RESOURCE, data.id);
    } catch (error) {
      const problem = error as HttpError;
      // 409 duplicate e-mail arrives as a field error (validation.emailTaken) and belongs on the field.
      if (!applyFieldErrors(problem, FIELDS, setError)) setFailure(t("users.createDialog.failed", { message: problem.message }));
    }
  };

  return (
    <FormDialog
      open={open}
      titleId="create-user-title"
      title={t("users.createDialog.title")}
      help={t("users.createDialog.help")}
      error={failure}
      submitLabel={t("users.createDialog.submit")}
      busy={isSubmitting}
      onClose={close}
      onSubmit={handleSubmit(onSubmit)}
    >
      <TextField
        label={t("users.fields.email")}
        type="email"
        autoComplete="off"
        autoFocus
        required
        {...field("email")}
      />
      <TextField
        label={t("users.fields.firstName")}
        autoComplete="off"
        required
        {...field("first_name")}
      />
      <TextField
        label={t("users.fields.lastName")}
        autoComplete="off"
        required
        {...field("last_name")}
      />
      <LanguageField
        control={control}
        name="language"
        label={t("users.fields.language")}
        optionLabel={(code) => t(`users.languages.${code}`)}
        error={Boolean(errors.language)}
        helperText={fieldMessage(errors.language?.message)}
      />
    </FormDialog>
  );
}
