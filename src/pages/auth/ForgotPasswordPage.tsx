import { useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import * as z from "zod/mini";
import { Alert, Box, Button, Link, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { confirmResetPassword, resetPassword } from "aws-amplify/auth";
import { newPasswordSchema, resetCodeSchema, usernameSchema } from "../../../domain/validation/rules";
import { notify } from "../../providers/notifications";
import { reportError } from "../../telemetry/error-reporting";
import { AuthLayout } from "./AuthLayout";
import { PasswordField } from "./PasswordField";
import { Captcha, useCaptchaRequired } from "./Captcha";

const requestSchema = z.object({ username: usernameSchema, code: z.string(), newPassword: z.string() });
const confirmSchema = z.object({ username: usernameSchema, code: resetCodeSchema, newPassword: newPasswordSchema });
type Values = z.infer<typeof requestSchema>;

/**
 * Two steps: ask for a code by email, then set a new password with it. Whatever happens — unknown
 * address, failed request, wrong code — the page shows the same generic message, so it never tells
 * who has an account.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [info, setInfo] = useState(false);
  const [captcha, setCaptcha] = useState<string | undefined>();
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const { register, handleSubmit, formState, watch } = useForm<Values>({
    resolver: zodResolver(step === 1 ? requestSchema : confirmSchema),
    defaultValues: { username: "", code: "", newPassword: "" },
  });
  const captchaNeeded = useCaptchaRequired("reset", watch("username"), captchaError);

  const request = async ({ username }: Values) => {
    setCaptchaError(null);
    try {
      await resetPassword({ username: username.trim(), options: captcha ? { clientMetadata: { captcha } } : undefined });
    } catch (error) {
      setCaptcha(undefined);
      if ((error as Error).name === "CaptchaRequiredException") {
        setCaptchaError((error as Error).message);
        return;
      }
      reportError(error, { flow: "forgot-password", step: "request" });
    }
    setInfo(true);
    setStep(2);
  };

  const confirm = async ({ username, code, newPassword }: Values) => {
    try {
      await confirmResetPassword({ username: username.trim(), confirmationCode: code.trim(), newPassword });
      notify({ message: t("auth.forgot.done"), severity: "success" });
      navigate("/signin", { replace: true });
    } catch (error) {
      reportError(error, { flow: "forgot-password", step: "confirm" });
      setInfo(true);
    }
  };

  const fieldError = (name: keyof Values) => formState.errors[name] && t(formState.errors[name]!.message!);

  return (
    <AuthLayout title={t("auth.forgot.title")}>
      <Box component="form" noValidate onSubmit={handleSubmit(step === 1 ? request : confirm)} sx={{ display: "grid", gap: 2, mt: 2 }}>
        {info && (
          <Alert severity="info" role="status">
            {t("auth.forgot.generic")}
          </Alert>
        )}
        {captchaError && <Alert severity="warning">{captchaError}</Alert>}
        <TextField label={t("auth.fields.email")} autoComplete="username" autoFocus disabled={step === 2} {...register("username")} error={Boolean(formState.errors.username)} helperText={fieldError("username")} />
        {step === 2 && (
          <>
            <TextField label={t("auth.fields.code")} autoComplete="one-time-code" inputMode="numeric" {...register("code")} error={Boolean(formState.errors.code)} helperText={fieldError("code")} />
            <PasswordField
              label={t("auth.fields.newPassword")}
              autoComplete="new-password"
              {...register("newPassword")}
              error={Boolean(formState.errors.newPassword)}
              helperText={fieldError("newPassword") ?? t("validation.passwordRule")}
            />
          </>
        )}
        {step === 1 && captchaNeeded && <Captcha onSolved={setCaptcha} />}
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting || (step === 1 && captchaNeeded && !captcha)}>
          {step === 1 ? t("auth.forgot.sendCode") : t("auth.forgot.reset")}
        </Button>
        <Link component={RouterLink} to="/signin">
          {t("auth.backToSignIn")}
        </Link>
      </Box>
    </AuthLayout>
  );
}
