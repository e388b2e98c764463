import { useState } from "react";
import { useNavigate } from "react-router";
import { Box, Button, Card, CardContent, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog";
import { clearSession } from "../../providers/auth-provider";
import { notify } from "../../providers/notifications";

/** Ends every session of the account (Amplify global sign-out), this one included, then shows the sign-in page. */
export function SignOutEverywhereCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);

  const signOutEverywhere = async () => {
    try {
      await clearSession(true);
    } catch (error) {
      // The local session is gone either way (clearSession clears it); only the other devices may keep theirs.
      notify({ message: t("settings.sessions.failed"), severity: "error" });
      throw error;
    } finally {
      navigate("/signin", { replace: true });
    }
  };

  return (
    <Card variant="outlined">
      <CardContent sx={{ display: "grid", gap: 1.5 }}>
        <Typography variant="h6" component="h2">
          {t("settings.sessions.title")}
        </Typography>
        <Typography color="text.secondary">{t("settings.sessions.description")}</Typography>
        <Box>
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            {t("settings.sessions.button")}
          </Button>
        </Box>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        title={t("settings.sessions.confirmTitle")}
        confirmLabel={t("settings.sessions.confirm")}
        destructive
        onClose={() => setConfirming(false)}
        onConfirm={signOutEverywhere}
      >
        {t("settings.sessions.confirmText")}
      </ConfirmDialog>
    </Card>
  );
}
