import { useState, type ReactNode } from "react";
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useTranslation } from "react-i18next";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Label of the confirming button, e.g. "Delete"; defaults to Confirm. */
  confirmLabel?: string;
  /** Destructive actions get a red button. */
  destructive?: boolean;
  /** Why the last attempt failed, shown in the dialog so the user can retry or cancel. */
  error?: string | null;
  onClose(): void;
  /** May be async: the buttons stay disabled until it settles; the dialog closes only when it resolves. */
  onConfirm(): unknown | Promise<unknown>;
}

/** The one confirmation dialog for irreversible actions (delete, revoke, reset). */
export function ConfirmDialog({ open, title, children, confirmLabel, destructive, error, onClose, onConfirm }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // The caller reports the failure (a snackbar); the dialog stays so the user can retry or cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="confirm-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">
          {children}
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t("common.cancel")}
        </Button>
        <Button onClick={confirm} disabled={busy} variant="contained" color={destructive ? "error" : "primary"}>
          {confirmLabel ?? t("common.actions.confirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
