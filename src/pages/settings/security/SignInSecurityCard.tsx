import { useState } from "react";
import { Alert, Box, Button, Card, CardContent, Chip, FormControlLabel, MenuItem, Switch, TextField, Typography } from "@mui/material";
import { useOne, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { CurrentUser } from "../../../../domain/access/current-user";
import { mfaRequired } from "../../../../domain/auth/mfa";
import type { Company } from "../../../../domain/entities/company";
import { notify } from "../../../providers/notifications";
import { SINGLETON_ID } from "../../../resources/define-resource";
import { COMPANY_RESOURCE } from "../../../resources/manage-company/api-path";
import { mfaErrorText } from "./security-errors";
import { TotpSetupDialog } from "./TotpSetupDialog";
import { useMfaPreference } from "./use-mfa-preference";

/** The company's multi-factor policy in words, and the user's authenticator app and e-mail codes. */
export function SignInSecurityCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { result: company } = useOne<Company, HttpError>({ resource: COMPANY_RESOURCE, id: SINGLETON_ID, errorNotification: false });
  const { state, error: loadError, update } = useMfaPreference();
  const [settingUp, setSettingUp] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const policy = company?.mfa_policy;
  const isAdministrator = user.roles.some((role) => role.name === "Administrator");
  const required = policy ? mfaRequired(policy, isAdministrator) : false;

  const change = async (input: Parameters<typeof update>[0], success: string) => {
    setFailure(null);
    setBusy(true);
    try {
      await update(input);
      notify({ message: t(success), severity: "success" });
    } catch (error) {
      setFailure(mfaErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  // A newly enabled factor becomes the preferred one only when none is preferred yet.
  const enabling = () => (state?.preferred ? "ENABLED" : "PREFERRED");
  const enableTotp = async () => {
    await update({ totp: enabling() });
    notify({ message: t("security.totp.enabled"), severity: "success" });
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="sign-in-security-title">
      <CardContent sx={{ display: "grid", gap: 2 }}>
        <Typography variant="h6" component="h2" id="sign-in-security-title">
          {t("security.title")}
        </Typography>
        {policy && (
          <Alert severity={required ? "warning" : "info"} role="status">
            {t(`security.policy.${policy}`)}
            {required && ` ${t("security.policy.requiredForYou")}`}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        {loadError !== null && !state && <Alert severity="error">{t("security.loadFailed")}</Alert>}
        {policy && policy !== "off" && state && (
          <>
            <Box sx={{ display: "grid", gap: 1 }} role="group" aria-labelledby="totp-title">
              <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
                <Typography variant="subtitle1" component="h3" id="totp-title">
                  {t("security.totp.title")}
                </Typography>
                <Chip size="small" color={state.totp ? "success" : "default"} label={t(state.totp ? "security.on" : "security.off")} />
              </Box>
              <Typography color="text.secondary">{t("security.totp.description")}</Typography>
              <Box>
                {state.totp ? (
                  <Button variant="outlined" color="error" disabled={busy} onClick={() => change({ totp: "DISABLED" }, "security.totp.disabled")}>
                    {t("security.totp.turnOff")}
                  </Button>
                ) : (
                  <Button variant="contained" disabled={busy} onClick={() => setSettingUp(true)}>
                    {t("security.totp.setUp")}
                  </Button>
                )}
              </Box>
            </Box>
            <Box sx={{ display: "grid", gap: 1 }}>
              <Typography variant="subtitle1" component="h3">
                {t("security.email.title")}
              </Typography>
              <FormControlLabel
                control={
                  <Switch
                    checked={state.email}
                    disabled={busy}
                    onChange={(e) =>
                      change({ email: e.target.checked ? enabling() : "DISABLED" }, e.target.checked ? "security.email.enabled" : "security.email.disabled")
                    }
                    slotProps={{ input: { role: "switch" } }}
                  />
                }
                label={t("security.email.switch", { email: user.email })}
              />
            </Box>
            {state.totp && state.email && (
              <TextField
                select
                label={t("security.preferred.label")}
                value={state.preferred === "EMAIL" ? "EMAIL" : "TOTP"}
                disabled={busy}
                onChange={(e) =>
                  change(
                    e.target.value === "EMAIL" ? { email: "PREFERRED", totp: "NOT_PREFERRED" } : { totp: "PREFERRED", email: "NOT_PREFERRED" },
                    "security.preferred.saved",
                  )
                }
                helperText={t("security.preferred.help")}
              >
                <MenuItem value="TOTP">{t("security.totp.title")}</MenuItem>
                <MenuItem value="EMAIL">{t("security.email.title")}</MenuItem>
              </TextField>
            )}
          </>
        )}
      </CardContent>
      {settingUp && <TotpSetupDialog email={user.email} onClose={() => setSettingUp(false)} onVerified={enableTotp} />}
    </Card>
  );
}
