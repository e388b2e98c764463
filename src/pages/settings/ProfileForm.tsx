import { Controller } from "react-hook-form";
import { FormControlLabel, FormHelperText, Switch, TextField } from "@mui/material";
import { useCustomMutation, useInvalidateAuthStore, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { currentUserUpdateSchema, type CurrentUser } from "../../../domain/access/current-user";
import { LanguageField } from "../../components/forms/LanguageField";
import { useResourceForm } from "../../components/forms/use-resource-form";
import { FormCard } from "../../components/forms/FormCard";

/** On this form every field is asked for; the API takes any subset. */
const profileFormSchema = currentUserUpdateSchema.required();
type ProfileValues = z.output<typeof profileFormSchema>;

/**
 * Name, language and the analytics choice (PATCH /access/user); after a save the identity is read again, so menu,
 * language and analytics follow at once.
 */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const invalidateIdentity = useInvalidateAuthStore();
  // The signed-in user's own profile is no Refine resource (the auth provider reads it): a custom PATCH.
  const { mutateAsync: patch } = useCustomMutation<CurrentUser, HttpError, ProfileValues>();
  const form = useResourceForm<typeof profileFormSchema, CurrentUser>({
    id: user.id,
    schema: profileFormSchema,
    values: { first_name: user.first_name, last_name: user.last_name, language: user.language, analytics_opt_out: user.analytics_opt_out ?? false },
    save: async (values) => {
      const { data } = await patch({ url: "/access/user", method: "patch", values, successNotification: false, errorNotification: false });
      await invalidateIdentity();
      return data;
    },
    success: "settings.profile.saved",
  });
  const { formState } = form;

  return (
    <FormCard
      titleId="settings-profile-title"
      title={t("settings.profile.title")}
      alert={form.failure}
      onSubmit={form.submit}
      submitLabel={t("common.save")}
      submitDisabled={!formState.isDirty || form.busy}
    >
      <TextField label={t("settings.profile.email")} value={user.email} slotProps={{ input: { readOnly: true } }} />
      <TextField
        label={t("settings.profile.firstName")}
        required
        {...form.field("first_name")}
      />
      <TextField
        label={t("settings.profile.lastName")}
        required
        {...form.field("last_name")}
      />
      <LanguageField
        control={form.control}
        name="language"
        label={t("settings.profile.language")}
        optionLabel={(code) => t(`settings.languages.${code}`)}
        error={Boolean(formState.errors.language)}
      />
      <Controller
        control={form.control}
        name="analytics_opt_out"
        render={({ field: optOut }) => (
          <div>
            {/* The switch says "share": on means analytics, the stored choice is the opt-out. */}
            <FormControlLabel
              control={
                <Switch
                  checked={!optOut.value}
                  onChange={(e) => optOut.onChange(!e.target.checked)}
                  slotProps={{ input: { role: "switch", "aria-describedby": "settings-analytics-help" } }}
                />
              }
              label={t("settings.analytics.share")}
            />
            <FormHelperText id="settings-analytics-help">{t("settings.analytics.help")}</FormHelperText>
          </div>
        )}
      />
    </FormCard>
  );
}
