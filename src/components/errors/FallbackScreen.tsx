import { useState } from "react";
import { Box, Button, Collapse, Paper, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

/** An unexpected error shows "Something went wrong" with an expandable component stack. */
export default function FallbackScreen({ error, componentStack }: { error: Error; componentStack: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Box role="alert" sx={{ p: 4, maxWidth: 750, mx: "auto" }}>
      <Typography variant="h5" gutterBottom>
        {t("errors.fallback.title")}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {error.message}
      </Typography>
      <Box sx={{ display: "flex", gap: 1, my: 2 }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t("errors.fallback.reload")}
        </Button>
        <Button onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? t("errors.fallback.hideDetails") : t("errors.fallback.showDetails")}
        </Button>
      </Box>
      <Collapse in={open}>
        <Paper variant="outlined" sx={{ p: 2, overflow: "auto", maxHeight: 320 }}>
          <Typography component="pre" variant="caption" sx={{ m: 0, whiteSpace: "pre-wrap" }}>
            {componentStack.trim() || t("errors.fallback.noStack")}
          </Typography>
        </Paper>
      </Collapse>
    </Box>
  );
}
