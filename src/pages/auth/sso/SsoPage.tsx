import { useState, type FormEvent } from "react";
import { Link as RouterLink } from "react-router";
import { Alert, Box, Button, Link, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { usernameSchema } from "../../../../domain/validation/rules";
import { beginHostedSignIn, lookupIdentityProvider } from "../../../auth/hosted-ui";
import { useClientConfig } from "../../../providers/client-config";
import { AuthLayout } from "../AuthLayout";

/** /sso: corporate sign-in. The e-mail's domain picks the company's identity provider; the hosted sign-in does the rest. */
export default function SsoPage() {
  const { t } = useTranslation();
  const config = useClientConfig();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = usernameSchema.safeParse(email);
    setFieldError(parsed.success ? null : parsed.error.issues[0].message);
    if (!parsed.success) return;
    setError(null);
    setSubmitting(true);
    try {
      const identityProvider = await lookupIdentityProvider(parsed.data);
      if (!identityProvider) {
        setError(t("auth.sso.notMapped"));
        return;
      }
      window.location.assign(await beginHostedSignIn({ config, identityProvider, loginHint: parsed.data }));
    } catch {
      setError(t("auth.errors.unexpected"));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t("auth.sso.title")}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: "grid", gap: 2, mt: 2 }}>
        {error && (
          <Alert severity="error" variant="filled" role="alert">
            {error}
          </Alert>
        )}
        {/* A standing notice, not an alert: screen readers should not announce it as an error. */}
        <Alert severity="warning" role="note">
          {t("auth.sso.warning")}
        </Alert>
        <TextField
          label={t("auth.fields.email")}
          type="email"
          autoComplete="username"
          autoFocus
          name="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={Boolean(fieldError)}
          helperText={fieldError && t(fieldError)}
        />
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          {t("auth.sso.submit")}
        </Button>
        <Link component={RouterLink} to="/signin">
          {t("auth.backToSignIn")}
        </Link>
      </Box>
    </AuthLayout>
  );
}
