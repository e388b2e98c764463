import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, Card, CardContent, MenuItem, TextField, Typography } from "@mui/material";
import { useInvalidateAuthStore, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { currentUserUpdateSchema, LANGUAGE_CODES, type CurrentUser } from "../../../domain/access/current-user";
import { applyFieldErrors, useFieldMessage } from "../../components/forms/field-errors";
import { api } from "../../providers/api-client";
import { notify } from "../../providers/notifications";

/** On this form every field is asked for; the API takes any subset. */
const profileFormSchema = currentUserUpdateSchema.required();
type ProfileValues = z.output<typeof profileFormSchema>;
const FIELDS = ["first_name", "last_name", "language"] as const;

const valuesOf = (user: CurrentUser): ProfileValues => ({ first_name: user.first_name, last_name: user.last_name, language: user.language });

/** Name and language (PATCH /access/user); after a save the identity is read again, so menu and language follow at once. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const invalidateIdentity = useInvalidateAuthStore();
  const [alert, setAlert] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, setError, formState } = useForm<z.input<typeof profileFormSchema>, unknown, ProfileValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: valuesOf(user),
  });
  const { first_name, last_name, language } = user;
  useEffect(() => reset({ first_name, last_name, language }), [first_name, last_name, language, reset]);

  const submit = async (values: ProfileValues) => {
    setAlert(null);
    try {
      const saved = await api<CurrentUser>({ method: "PATCH", path: "/access/user", body: values });
      reset(valuesOf(saved));
      await invalidateIdentity();
      notify({ message: t("settings.profile.saved"), severity: "success" });
    } catch (error) {
      if (!applyFieldErrors(error as HttpError, FIELDS, setError)) setAlert((error as HttpError).message);
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" id="settings-profile-title" gutterBottom>
          {t("settings.profile.title")}
        </Typography>
        <Box component="form" noValidate aria-labelledby="settings-profile-title" onSubmit={handleSubmit(submit)} sx={{ display: "grid", gap: 2, maxWidth: 520 }}>
          {alert && <Alert severity="error">{alert}</Alert>}
          <TextField label={t("settings.profile.email")} value={user.email} slotProps={{ input: { readOnly: true } }} />
          <TextField
            label={t("settings.profile.firstName")}
            required
            {...register("first_name")}
            error={Boolean(formState.errors.first_name)}
            helperText={message(formState.errors.first_name?.message)}
          />
          <TextField
            label={t("settings.profile.lastName")}
            required
            {...register("last_name")}
            error={Boolean(formState.errors.last_name)}
            helperText={message(formState.errors.last_name?.message)}
          />
          <Controller
            control={control}
            name="language"
            render={({ field }) => (
              <TextField select label={t("settings.profile.language")} {...field} error={Boolean(formState.errors.language)}>
                {LANGUAGE_CODES.map((code) => (
                  // Each language is named in itself, so whoever reads the other one still finds theirs.
                  <MenuItem key={code} value={code} lang={code}>
                    {t(`settings.languages.${code}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={!formState.isDirty || formState.isSubmitting}>
              {t("common.save")}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
