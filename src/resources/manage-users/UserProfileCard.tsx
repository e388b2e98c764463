import { Alert, Box, Button, Card, CardContent, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { LanguageField } from "../../components/forms/LanguageField";
import { userUpdateSchema, type User } from "../../../domain/entities/user";
import { useResourceForm } from "../../components/forms/use-resource-form";
import { USERS_RESOURCE } from "./user-support";

const valuesOf = (user: User) => ({ first_name: user.first_name, last_name: user.last_name, language: user.language });

/** Name and language of a user (PATCH /access/users/{id}); the e-mail is the sign-in name and stays. */
export function UserProfileCard({ user, onSaved }: { user: User; onSaved(user: User): void }) {
  const { t } = useTranslation();
  // A refetched user (e.g. after a role change) resets the form only when nothing is being edited.
  const form = useResourceForm<typeof userUpdateSchema, User>({
    resource: USERS_RESOURCE,
    id: user.id,
    schema: userUpdateSchema,
    values: valuesOf(user),
    version: user.version,
    conflictFields: [
      { name: "first_name", label: t("users.fields.firstName") },
      { name: "last_name", label: t("users.fields.lastName") },
      { name: "language", label: t("users.fields.language"), format: (code) => t(`users.languages.${String(code)}`) },
    ],
    success: "users.edit.saved",
    failure: "users.edit.saveFailed",
    onSaved,
  });
  const { errors, isDirty } = form.formState;

  return (
    <Card variant="outlined" component="section" aria-labelledby="user-profile-title">
      <CardContent component="form" noValidate onSubmit={form.submit} sx={{ display: "grid", gap: 2 }}>
        <Typography id="user-profile-title" variant="h6" component="h2">
          {t("users.edit.profile")}
        </Typography>
        {form.failure && (
          <Alert severity="error" role="alert">
            {form.failure}
          </Alert>
        )}
        <TextField label={t("users.fields.email")} value={user.email} helperText={t("users.edit.emailHelp")} slotProps={{ input: { readOnly: true } }} />
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
          <TextField
            label={t("users.fields.firstName")}
            required
            {...form.field("first_name")}
          />
          <TextField
            label={t("users.fields.lastName")}
            required
            {...form.field("last_name")}
          />
        </Box>
        <LanguageField
          control={form.control}
          name="language"
          label={t("users.fields.language")}
          optionLabel={(code) => t(`users.languages.${code}`)}
          error={Boolean(errors.language)}
          helperText={form.fieldMessage(errors.language?.message)}
        />
        <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1 }}>
          <Button onClick={form.discard} disabled={!isDirty || form.busy}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={!isDirty || form.busy}>
            {t("common.save")}
          </Button>
        </Box>
      </CardContent>
      {form.conflictDialog}
    </Card>
  );
}
