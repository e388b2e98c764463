import { useState } from "react";
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";

export interface ReasonDialogProps {
  titleId: string;
  title: string;
  body: string;
  /** The text field's label, e.g. "Justification". */
  label: string;
  initialText?: string;
  /** Shown when the user submits an empty text: the server refuses it anyway. */
  requiredMessage: string;
  submitLabel: string;
  onCancel(): void;
  /** Gets the trimmed text; answers the error to show, or null once saved (the caller then closes the dialog). */
  onSubmit(text: string): Promise<string | null>;
}

/** Asks for the reason an action needs (a control not applicable, a framework turned off) before taking it. */
export function ReasonDialog({ titleId, title, body, label, initialText = "", requiredMessage, submitLabel, onCancel, onSubmit }: ReasonDialogProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    if (!text.trim()) return setError(requiredMessage);
    setSaving(true);
    const problem = await onSubmit(text.trim());
    setSaving(false);
    setError(problem);
  };
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: "grid", gap: 2 }}>
        <DialogContentText>{body}</DialogContentText>
        <TextField
          autoFocus
          required
          multiline
          minRows={2}
          label={label}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? " "}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t("common.cancel")}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={saving}>
          {submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
