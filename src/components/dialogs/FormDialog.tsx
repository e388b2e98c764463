import type { FormEventHandler, ReactNode } from "react";
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, type SxProps, type Theme } from "@mui/material";
import { useTranslation } from "react-i18next";

export interface FormDialogProps {
  open?: boolean;
  /** Id of the title, which names the dialog. */
  titleId: string;
  title: string;
  /** A sentence under the title saying what happens on submit. */
  help?: string;
  /** The form's failure that belongs to no field. */
  error?: string | null;
  /** Where the failure shows: above the fields (default) or under them. */
  errorPlacement?: "top" | "bottom";
  submitLabel: string;
  /** While the form submits, the buttons are disabled and the dialog does not close. */
  busy: boolean;
  onClose(): void;
  /** The form's submit handler, e.g. react-hook-form's handleSubmit(save). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  contentSx?: SxProps<Theme>;
  children: ReactNode;
}

/** The one create/edit dialog: a titled form with its failure alert and Cancel / submit buttons. */
export function FormDialog({
  open = true,
  titleId,
  title,
  help,
  error,
  errorPlacement = "top",
  submitLabel,
  busy,
  onClose,
  onSubmit,
  contentSx = { display: "grid", gap: 2 },
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const alert = error ? (
    <Alert severity="error" role="alert">
      {error}
    </Alert>
  ) : null;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={contentSx}>
          {help && <DialogContentText>{help}</DialogContentText>}
          {errorPlacement === "top" && alert}
          {children}
          {errorPlacement === "bottom" && alert}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
