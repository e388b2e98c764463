import { useState } from "react";
import { useIdleTimer } from "react-idle-timer";
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useLogout } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { useClientConfig } from "../../providers/client-config";

/** Activity is debounced by 500 ms; the prompt comes at 1/6 of the timeout before expiry. */
const ACTIVITY_DEBOUNCE_MS = 500;
const PROMPT_FRACTION = 1 / 6;

/**
 * Signs an idle user out once the configured idle timeout passes. Tabs share one timer, so working in one tab
 * keeps the others alive, and answering the dialog in one answers it in all.
 */
export function IdleSession() {
  const { t } = useTranslation();
  const { idleTimeoutMinutes } = useClientConfig();
  const { mutate: logout } = useLogout();
  const [open, setOpen] = useState(false);
  const timeout = idleTimeoutMinutes * 60_000;
  const timer = useIdleTimer({
    timeout,
    promptBeforeIdle: timeout * PROMPT_FRACTION,
    debounce: ACTIVITY_DEBOUNCE_MS,
    crossTab: true,
    syncTimers: 1000,
    name: "steward-idle",
    onPrompt: () => setOpen(true),
    onActive: () => setOpen(false),
    onIdle: () => {
      setOpen(false);
      logout();
    },
  });
  const stay = () => {
    setOpen(false);
    timer.activate();
  };
  return (
    <Dialog open={open} onClose={stay} aria-labelledby="idle-title">
      <DialogTitle id="idle-title">{t("layout.idle.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t("layout.idle.body")}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => logout()}>{t("common.actions.no")}</Button>
        <Button variant="contained" onClick={stay} autoFocus>
          {t("common.actions.yes")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
