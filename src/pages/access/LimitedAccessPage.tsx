import { Alert, Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

/** What a signed-in user without any role sees. */
export default function LimitedAccessPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "grid", gap: 2, maxWidth: 720 }}>
      <Typography variant="h5" component="h1">
        {t("access.limited.title")}
      </Typography>
      <Alert severity="warning" data-testid="limited-access-warning">
        {t("access.limited.warning")}
      </Alert>
    </Box>
  );
}
