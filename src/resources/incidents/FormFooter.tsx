import { Alert, Box, Button, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

/** The form's failure that no field took, and why its save waits (unsaved input elsewhere on the page). */
export function FormAlert({ failure, blocked }: { failure: string | null; blocked: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {failure && (
        <Alert severity="error" role="alert" sx={{ width: "100%" }}>
          {failure}
        </Alert>
      )}
      {blocked && (
        <Typography variant="body2" color="text.secondary">
          {t("incidents.unsavedElsewhere")}
        </Typography>
      )}
    </>
  );
}

interface Props {
  form: { failure: string | null; busy: boolean; discard(): void; formState: { isDirty: boolean } };
  blocked: boolean;
}

/** An edit card's foot: its failure, then Save and Cancel, usable once something changed. */
export function FormFooter({ form, blocked }: Props) {
  const { t } = useTranslation();
  const idle = !form.formState.isDirty || form.busy;
  return (
    <>
      <FormAlert failure={form.failure} blocked={blocked && form.formState.isDirty} />
      <Box sx={{ display: "flex", gap: 1 }}>
        <Button type="submit" variant="contained" disabled={idle || blocked}>
          {t("common.save")}
        </Button>
        <Button type="button" disabled={idle} onClick={form.discard}>
          {t("common.cancel")}
        </Button>
      </Box>
    </>
  );
}
