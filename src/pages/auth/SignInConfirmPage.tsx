import { useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import * as z from "zod/mini";
import { Alert, Box, Button, Checkbox, FormControlLabel, FormHelperText, Link } from "@mui/material";
import { Trans, useTranslation } from "react-i18next";
import { newPasswordSchema, termsSchema } from "../../../domain/validation/rules";
import { clearQueryCache, confirmNewPassword } from "../../providers/auth-provider";
import { useClientConfig } from "../../providers/client-config";
import { AuthLayout } from "./AuthLayout";
import { PasswordField } from "./PasswordField";

const schema = z.object({ newPassword: newPasswordSchema, terms: termsSchema });
type Values = { newPassword: string; terms: boolean };

/** First sign-in with a temporary password: choose a new one and accept the terms. */
export default function SignInConfirmPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { links } = useClientConfig();
  const [error, setError] = useState<string | null>(null);
  const { register, control, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(schema) as never,
    defaultValues: { newPassword: "", terms: false },
  });

  const onSubmit = async (values: Values) => {
    setError(null);
    const result = await confirmNewPassword({ newPassword: values.newPassword });
    if (!result.success) {
      const message = result.error.message;
      setError(message.startsWith("auth.") ? t(message) : message);
      return;
    }
    await clearQueryCache();
    navigate(result.redirectTo, { replace: true });
  };

  return (
    <AuthLayout title={t("auth.confirm.title")}>
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: "grid", gap: 2, mt: 2 }}>
        {error && (
          <Alert severity="error" variant="filled" role="alert" action={<Button color="inherit" component={RouterLink} to="/signin">{t("auth.backToSignIn")}</Button>}>
            {error}
          </Alert>
        )}
        <Alert severity="info">{t("auth.confirm.intro")}</Alert>
        <PasswordField
          label={t("auth.fields.newPassword")}
          autoComplete="new-password"
          autoFocus
          {...register("newPassword")}
          error={Boolean(formState.errors.newPassword)}
          helperText={formState.errors.newPassword ? t(formState.errors.newPassword.message!) : t("validation.passwordRule")}
        />
        <Controller
          name="terms"
          control={control}
          render={({ field, fieldState }) => (
            <Box>
              <FormControlLabel
                control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
                label={
                  <Trans
                    i18nKey="auth.confirm.terms"
                    components={{
                      terms: <Link href={links.terms} target="_blank" rel="noopener noreferrer" />,
                      privacy: <Link href={links.privacy} target="_blank" rel="noopener noreferrer" />,
                    }}
                  />
                }
              />
              {fieldState.error && <FormHelperText error>{t(fieldState.error.message!)}</FormHelperText>}
            </Box>
          )}
        />
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          {t("auth.confirm.submit")}
        </Button>
      </Box>
    </AuthLayout>
  );
}
