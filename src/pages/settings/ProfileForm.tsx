import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { TextField } from "@mui/material";
import { useInvalidateAuthStore, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { currentUserUpdateSchema, type CurrentUser } from "../../../domain/access/current-user";
import { LanguageField } from "../../components/forms/LanguageField";
import { applyFieldErrors, useFieldProps } from "../../components/forms/field-errors";
import { api } from "../../providers/api-client";
import { notify } from "../../providers/notifications";
import { FormCard } from "../../components/forms/FormCard";

/** On this form every field is asked for; the API takes any subset. */
const profileFormSchema = currentUserUpdateSchema.required();
type ProfileValues = z.output<typeof profileFormSchema>;
const FIELDS = ["first_name", "last_name", "language"] as const;

const valuesOf = (user: CurrentUser): ProfileValues => ({ first_name: user.first_name, last_name: user.last_name, language: user.language });

/** Name and language (PATCH /access/user); after a save the identity is read again, so menu and language follow at once. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const invalidateIdentity = useInvalidateAuthStore();
  const [alert, setAlert] = useState<string | null>(null);
  const { register, control, handleSubmit, reset, setError, formState } = useForm<z.input<typeof profileFormSchema>, unknown, ProfileValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: valuesOf(user),
  });
  const field = useFieldProps({ register, formState });
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
    <FormCard
      titleId="settings-profile-title"
      title={t("settings.profile.title")}
      alert={alert}
      onSubmit={handleSubmit(submit)}
      submitLabel={t("common.save")}
      submitDisabled={!formState.isDirty || formState.isSubmitting}
    >
      <TextField label={t("settings.profile.email")} value={user.email} slotProps={{ input: { readOnly: true } }} />
      <TextField
        label={t("settings.profile.firstName")}
        required
        {...field("first_name")}
      />
      <TextField
        label={t("settings.profile.lastName")}
        required
        {...field("last_name")}
      />
      <LanguageField
        control={control}
        name="language"
        label={t("settings.profile.language")}
        optionLabel={(code) => t(`settings.languages.${code}`)}
        error={Boolean(formState.errors.language)}
      />
    </FormCard>
  );
}
