import type { FormEventHandler, ReactNode } from "react";
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, type DialogProps, type SxProps, type Theme } from "@mui/material";
import { useTranslation } from "react-i18next";

export interface DialogForm {
  failure: string | null;
  /** While the form submits, the buttons are disabled and the dialog does not close. */
  busy: boolean;
  submit: FormEventHandler<HTMLFormElement>;
  discard(): void;
}

export interface FormDialogProps {
  open?: boolean;
  /** Id of the title, which names the dialog. */
  titleId: string;
  title: string;
  /** A sentence under the title saying what happens on submit. */
  help?: string;
  /** The form shown (useResourceForm's): its failure, its busy state and its submit; Cancel drops its input. */
  form: DialogForm;
  /** A failure of the dialog itself (its options did not load), shown when the form has none. */
  error?: string | null;
  /** Where the failure shows: above the fields (default) or under them. */
  errorPlacement?: "top" | "bottom";
  submitLabel: string;
  onClose(): void;
  contentSx?: SxProps<Theme>;
  /** A form with wide content (a table preview, rows of several fields) takes a wider dialog. */
  maxWidth?: DialogProps["maxWidth"];
  children: ReactNode;
}

/** The one create/edit dialog: a titled form with its failure alert and Cancel / submit buttons. */
export function FormDialog({
  open = true,
  titleId,
  title,
  help,
  form,
  error,
  errorPlacement = "top",
  submitLabel,
  onClose,
  contentSx = { display: "grid", gap: 2 },
  maxWidth = "sm",
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const { busy } = form;
  const failure = form.failure ?? error;
  const close = () => {
    form.discard();
    onClose();
  };
  const alert = failure ? (
    <Alert severity="error" role="alert">
      {failure}
    </Alert>
  ) : null;
  return (
    <Dialog open={open} onClose={busy ? undefined : close} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <Box component="form" noValidate onSubmit={form.submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={contentSx}>
          {help && <DialogContentText>{help}</DialogContentText>}
          {errorPlacement === "top" && alert}
          {children}
          {errorPlacement === "bottom" && alert}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
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
