import { Link as RouterLink } from "react-router";
import { Alert, Button, Snackbar } from "@mui/material";
import { useTranslation } from "react-i18next";
import { dismiss, SNACKBAR_AUTO_HIDE_MS, useCurrentToast } from "./notifications";

export default function SnackbarView() {
  const { t } = useTranslation();
  const toast = useCurrentToast();
  return (
    <Snackbar
      key={toast?.key}
      open={Boolean(toast)}
      anchorOrigin={{ vertical: "top", horizontal: "right" }}
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
