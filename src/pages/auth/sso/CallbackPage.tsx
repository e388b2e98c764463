import { useEffect, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { Alert, Box, Button, LinearProgress, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { errorWording, wordedMessage } from "../../../auth/error-wording";
import { completeHostedSignIn } from "../../../auth/hosted-ui";
import { clearQueryCache } from "../../../providers/auth-provider";
import { useClientConfig } from "../../../providers/client-config";
import { AuthLayout } from "../AuthLayout";

/** One completion per callback URL: the code and state are single-use, and React may run an effect twice. */
const completions = new Map<string, Promise<void>>();

function completeOnce(run: () => Promise<void>, url: string): Promise<void> {
  let promise = completions.get(url);
  if (!promise) {
    promise = run();
    completions.set(url, promise);
  }
  return promise;
}

/** /auth/callback/: where the hosted sign-in returns. Trades the code for tokens, then opens the app. */
export default function CallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = useClientConfig();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const url = window.location.href;
    let active = true;
    completeOnce(() => completeHostedSignIn({ config, url }), url)
      .then(async () => {
        await clearQueryCache();
        // The app's own guards take it from there (a user without roles goes to /limited-access).
        if (active) navigate("/", { replace: true });
      })
      .catch((e: unknown) => {
        if (active) setError(errorWording(e));
      });
    return () => {
      active = false;
    };
  }, [config, navigate]);

  return (
    <AuthLayout title={t("auth.sso.title")}>
      {error ? (
        <Box sx={{ display: "grid", gap: 2, mt: 2 }}>
          <Alert severity="error" variant="filled" role="alert">
            {wordedMessage(t, error)}
          </Alert>
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <Button variant="contained" component={RouterLink} to="/sso">
              {t("auth.signIn.corporate")}
            </Button>
            <Button component={RouterLink} to="/signin">
              {t("auth.backToSignIn")}
            </Button>
          </Box>
        </Box>
      ) : (
        <Box sx={{ mt: 2 }}>
          <Typography>{t("auth.sso.completing")}</Typography>
          <LinearProgress sx={{ mt: 2 }} />
        </Box>
      )}
    </AuthLayout>
  );
}
