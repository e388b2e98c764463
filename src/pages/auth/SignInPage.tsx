import { useState } from "react";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import * as z from "zod/mini";
import { Alert, Box, Button, Link, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { signInPasswordSchema, usernameSchema } from "../../../domain/validation/rules";
import { authProvider } from "../../providers/auth-provider";
import { AuthLayout } from "./AuthLayout";
import { PasswordField } from "./PasswordField";
import { Captcha, useCaptchaRequired } from "./Captcha";

const schema = z.object({ username: usernameSchema, password: signInPasswordSchema });
type Values = z.infer<typeof schema>;

export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<string | undefined>();
  const { register, handleSubmit, formState, watch } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { username: "", password: "" } });
  const captchaNeeded = useCaptchaRequired("sign_in", watch("username"), error);

  const onSubmit = async (values: Values) => {
    setError(null);
    const result = await authProvider.login({ ...values, captcha, redirectTo: params.get("to") ?? undefined });
    if (result.success) {
      navigate(result.redirectTo ?? "/", { replace: true });
      return;
    }
    setCaptcha(undefined);
    const message = result.error?.message ?? "auth.errors.unexpected";
    setError(message.startsWith("auth.") ? t(message) : message);
  };

  return (
    <AuthLayout title={t("auth.signIn.title")}>
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: "grid", gap: 2, mt: 2 }}>
        {error && (
          <Alert severity="error" variant="filled" role="alert">
            {error}
          </Alert>
        )}
        <TextField
          label={t("auth.fields.username")}
          autoComplete="username"
          autoFocus
          {...register("username")}
          error={Boolean(formState.errors.username)}
          helperText={formState.errors.username && t(formState.errors.username.message!)}
        />
        <PasswordField
          label={t("auth.fields.password")}
          autoComplete="current-password"
          {...register("password")}
          error={Boolean(formState.errors.password)}
          helperText={formState.errors.password && t(formState.errors.password.message!)}
        />
        {captchaNeeded && <Captcha onSolved={setCaptcha} />}
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting || (captchaNeeded && !captcha)}>
          {t("auth.signIn.submit")}
        </Button>
        <Box sx={{ display: "flex", justifyContent: "space-between", flexWrap: "wrap", gap: 1 }}>
          <Link component={RouterLink} to="/forgot-password">
            {t("auth.signIn.forgot")}
          </Link>
        </Box>
      </Box>
    </AuthLayout>
  );
}
