import { TextField } from "@mui/material";
import { useNavigation } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { userCreateSchema, type User } from "../../../domain/entities/user";
import { FormDialog } from "../../components/dialogs/FormDialog";
import { LanguageField } from "../../components/forms/LanguageField";
import { useResourceForm } from "../../components/forms/use-resource-form";
import { USERS_RESOURCE } from "./user-support";

/** Invites a user (POST /access/users): the server e-mails a temporary password; then the admin gives roles on the user's page. */
export function CreateUserDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { show } = useNavigation();
  const defaultLanguage = i18n.resolvedLanguage === "es" ? "es" : "en";
  // A duplicate e-mail (409) arrives as a field error (validation.emailTaken) and lands on the field.
  const form = useResourceForm<typeof userCreateSchema, User>({
    resource: USERS_RESOURCE,
    schema: userCreateSchema,
    values: { email: "", first_name: "", last_name: "", language: defaultLanguage },
    success: (user) => t("users.created", { email: user.email }),
    failure: "users.createDialog.failed",
    onSaved: (user) => {
      onClose();
      // Roles are given on the user's page; a new user has none yet.
      show(USERS_RESOURCE, user.id);
    },
  });
  const { errors } = form.formState;

  return (
    <FormDialog
      open={open}
      titleId="create-user-title"
      title={t("users.createDialog.title")}
      help={t("users.createDialog.help")}
      form={form}
      submitLabel={t("users.createDialog.submit")}
      onClose={onClose}
    >
      <TextField
        label={t("users.fields.email")}
        type="email"
        autoComplete="off"
        autoFocus
        required
        {...form.field("email")}
      />
      <TextField
        label={t("users.fields.firstName")}
        autoComplete="off"
        required
        {...form.field("first_name")}
      />
      <TextField
        label={t("users.fields.lastName")}
        autoComplete="off"
        required
        {...form.field("last_name")}
      />
      <LanguageField
        control={form.control}
        name="language"
        label={t("users.fields.language")}
        optionLabel={(code) => t(`users.languages.${code}`)}
        error={Boolean(errors.language)}
        helperText={form.fieldMessage(errors.language?.message)}
      />
    </FormDialog>
  );
}
