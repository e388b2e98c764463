import type { FormEventHandler, ReactNode } from "react";
import { Alert, Box, Button, Card, CardContent, Typography } from "@mui/material";

export interface FormCardProps {
  /** Id of the heading, which names the form. */
  titleId: string;
  title: string;
  /** The form's failure that belongs to no field. */
  alert?: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  submitDisabled: boolean;
  children: ReactNode;
}

/** A settings-style form in its own card: heading, failure alert, fields, and the submit button under them. */
export function FormCard({ titleId, title, alert, onSubmit, submitLabel, submitDisabled, children }: FormCardProps) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" id={titleId} gutterBottom>
          {title}
        </Typography>
        <Box component="form" noValidate aria-labelledby={titleId} onSubmit={onSubmit} sx={{ display: "grid", gap: 2, maxWidth: 520 }}>
          {alert && <Alert severity="error">{alert}</Alert>}
          {children}
          <Box>
            <Button type="submit" variant="contained" disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
