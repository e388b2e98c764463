import { useState, type FormEvent } from "react";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import * as z from "zod/mini";
import { Alert, Box, Button, Link, TextField } from "@mui/material";
import KeyOutlined from "@mui/icons-material/KeyOutlined";
import { useTranslation } from "react-i18next";
import { signInPasswordSchema, usernameSchema } from "../../../domain/validation/rules";
import { authProvider } from "../../providers/auth-provider";
import { AuthLayout } from "./AuthLayout";
import { PasswordField } from "./PasswordField";
import { Captcha, useCaptchaRequired } from "./Captcha";

const schema = z.object({ username: usernameSchema, password: signInPasswordSchema });
type Values = z.infer<typeof schema>;
type FieldErrors = Partial<Record<keyof Values, string>>;

/** The values as the shared rules (domain/validation) leave them (trimmed), or the first message per field. */
function parse(values: Values): { data?: Values; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[issue.path[0] as keyof Values] ??= issue.message;
  return { errors };
}

export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<string | undefined>();
  // Two fields and a plain controlled form: the sign-in page is the lightest of all (bench/bundle-size.ts).
  const [values, setValues] = useState<Values>({ username: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const captchaNeeded = useCaptchaRequired("sign_in", values.username, error);

  const change = (field: keyof Values) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // Like a form library's default: check again as the user types once they have tried to submit.
    if (submitted) setErrors(parse(next).errors);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { data, errors: found } = parse(values);
    setErrors(found);
    if (!data) return;
    setError(null);
    setSubmitting(true);
    const result = await authProvider.login({ ...data, captcha, redirectTo: params.get("to") ?? undefined }).finally(() => setSubmitting(false));
    finish(result);
  };

  const finish = (result: Awaited<ReturnType<typeof authProvider.login>>) => {
    if (result.success) {
      navigate(result.redirectTo ?? "/", { replace: true });
      return;
    }
    setCaptcha(undefined);
    const message = result.error?.message ?? "auth.errors.unexpected";
    setError(message.startsWith("auth.") ? t(message) : message);
  };

  /** A passkey needs only the username: the device proves the rest. */
  const onPasskey = async () => {
    const checked = usernameSchema.safeParse(values.username);
    setErrors(checked.success ? {} : { username: "auth.signIn.passkeyNeedsUsername" });
    if (!checked.success) return;
    setError(null);
    setSubmitting(true);
    const result = await authProvider
      .login({ username: checked.data, passkey: true, captcha, redirectTo: params.get("to") ?? undefined })
      .finally(() => setSubmitting(false));
    finish(result);
  };

  return (
    <AuthLayout title={t("auth.signIn.title")}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: "grid", gap: 2, mt: 2 }}>
        {error && (
          <Alert severity="error" variant="filled" role="alert">
            {error}
          </Alert>
        )}
        {!error && params.get("confirmed") && <Alert severity="success">{t("auth.signIn.confirmed")}</Alert>}
        <TextField
          label={t("auth.fields.username")}
          autoComplete="username"
          autoFocus
          name="username"
          value={values.username}
          onChange={change("username")}
          error={Boolean(errors.username)}
          helperText={errors.username && t(errors.username)}
        />
        <PasswordField
          label={t("auth.fields.password")}
          autoComplete="current-password"
          name="password"
          value={values.password}
          onChange={change("password")}
          error={Boolean(errors.password)}
          helperText={errors.password && t(errors.password)}
        />
        {captchaNeeded && <Captcha onSolved={setCaptcha} />}
        <Button type="submit" variant="contained" size="large" disabled={submitting || (captchaNeeded && !captcha)}>
          {t("auth.signIn.submit")}
        </Button>
        <Button variant="outlined" startIcon={<KeyOutlined />} onClick={onPasskey} disabled={submitting || (captchaNeeded && !captcha)}>
          {t("auth.signIn.passkey")}
        </Button>
        <Box sx={{ display: "flex", justifyContent: "space-between", flexWrap: "wrap", gap: 1 }}>
          <Link component={RouterLink} to="/sso">
            {t("auth.signIn.corporate")}
          </Link>
          <Link component={RouterLink} to="/forgot-password">
            {t("auth.signIn.forgot")}
          </Link>
        </Box>
      </Box>
    </AuthLayout>
  );
}
