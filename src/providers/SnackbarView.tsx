import { Link as RouterLink } from "react-router";
import { Alert, Button, Snackbar } from "@mui/material";
import { useTranslation } from "react-i18next";
import { TOP_BAR_HEIGHT } from "../theme";
import { dismiss, SNACKBAR_AUTO_HIDE_MS, useCurrentToast } from "./notifications";

const BELOW_TOP_BAR = TOP_BAR_HEIGHT + 8;

export default function SnackbarView() {
  const { t } = useTranslation();
  const toast = useCurrentToast();
  return (
    <Snackbar
      key={toast?.key}
      open={Boolean(toast)}
      anchorOrigin={{ vertical: "top", horizontal: "right" }}
      // Below the top bar: a message must not cover the bell and account menu (and, hovered there, never hide).
      sx={{ top: { xs: BELOW_TOP_BAR, sm: BELOW_TOP_BAR } }}
      autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
      onClose={(_e, reason) => reason !== "clickaway" && dismiss(toast?.key)}
    >
      <Alert
        severity={toast?.severity ?? "info"}
        variant="filled"
        onClose={() => dismiss(toast?.key)}
        action={
          toast?.link ? (
            <Button color="inherit" size="small" component={RouterLink} to={toast.link} onClick={() => dismiss(toast.key)}>
              {t("common.actions.view")}
            </Button>
          ) : undefined
        }
      >
        {toast?.message}
      </Alert>
    </Snackbar>
  );
}
