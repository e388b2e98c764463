import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from "@mui/material";
import { useInvalidate, useUpdate, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { LanguageField } from "../../components/forms/LanguageField";
import { userUpdateSchema, type User, type UserUpdate } from "../../../domain/entities/user";
import { notify } from "../../providers/notifications";
import { applyFieldErrors, useFieldMessage, useFieldProps } from "../../components/forms/field-errors";
import { USERS_RESOURCE } from "./user-support";
import { fieldConflictRows, useEditConflict } from "../../components/forms/conflict/use-edit-conflict";

type Profile = UserUpdate;
const FIELDS = ["first_name", "last_name", "language"] as const;

const valuesOf = (user: User): Profile => ({ first_name: user.first_name, last_name: user.last_name, language: user.language });

/** Name and language of a user (PATCH /access/users/{id}); the e-mail is the sign-in name and stays. */
export function UserProfileCard({ user, onSaved }: { user: User; onSaved(user: User): void }) {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const { mutateAsync: update } = useUpdate<User, HttpError, Profile>();
  const { register, handleSubmit, control, formState, setError, reset } = useForm<Profile>({
    resolver: zodResolver(userUpdateSchema),
    defaultValues: valuesOf(user),
  });
  const field = useFieldProps({ register, formState });
  const { errors, isDirty, isSubmitting } = formState;

  const invalidate = useInvalidate();
  const current = useMemo(() => valuesOf(user), [user]);
  // A refetched user (e.g. after a role change) resets the form only when nothing is being edited.
  const conflict = useEditConflict({
    version: user.version,
    current,
    isDirty,
    reset,
    refetch: () => invalidate({ resource: USERS_RESOURCE, id: user.id, invalidates: ["detail"] }),
    rowsOf: fieldConflictRows<Profile>(
      [
        { name: "first_name", label: t("users.fields.firstName") },
        { name: "last_name", label: t("users.fields.lastName") },
        { name: "language", label: t("users.fields.language"), format: (code) => t(`users.languages.${String(code)}`) },
      ],
      t("common.conflict.empty"),
    ),
  });

  const onSubmit = async (values: Profile) => {
    setFailure(null);
    try {
      const { data } = await update({
        resource: USERS_RESOURCE,
        id: user.id,
        meta: { version: conflict.editedVersion() },
        values,
        successNotification: false,
        errorNotification: false,
      });
      reset(valuesOf(data));
      notify({ message: t("users.edit.saved"), severity: "success" });
      onSaved(data);
    } catch (error) {
      if (conflict.handled(error, values)) return;
      const problem = error as HttpError;
      if (!applyFieldErrors(problem, FIELDS, setError)) setFailure(t("users.edit.saveFailed", { message: problem.message }));
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="user-profile-title">
      <CardContent component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: "grid", gap: 2 }}>
        <Typography id="user-profile-title" variant="h6" component="h2">
          {t("users.edit.profile")}
        </Typography>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <TextField label={t("users.fields.email")} value={user.email} helperText={t("users.edit.emailHelp")} slotProps={{ input: { readOnly: true } }} />
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
          <TextField
            label={t("users.fields.firstName")}
            required
            {...field("first_name")}
          />
          <TextField
            label={t("users.fields.lastName")}
            required
            {...field("last_name")}
          />
        </Box>
        <LanguageField
          control={control}
          name="language"
          label={t("users.fields.language")}
          optionLabel={(code) => t(`users.languages.${code}`)}
          error={Boolean(errors.language)}
          helperText={fieldMessage(errors.language?.message)}
        />
        <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1 }}>
          <Button onClick={() => reset(current)} disabled={!isDirty || isSubmitting}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
            {t("common.save")}
          </Button>
        </Box>
      </CardContent>
      {conflict.dialog}
    </Card>
  );
}
