import { Box, Button, Card, CardContent, Typography } from "@mui/material";
import AddOutlined from "@mui/icons-material/AddOutlined";
import { useCan, useNavigation } from "@refinedev/core";
import { useTranslation } from "react-i18next";

/** A company without applications: say what to do first — add one, or wait to be given access. */
export function EmptyDashboard() {
  const { t } = useTranslation();
  const { list } = useNavigation();
  const { data: canCreate } = useCan({ resource: "applications", action: "create" });
  return (
    <Card variant="outlined" component="section" aria-labelledby="dashboard-empty-title">
      <CardContent sx={{ display: "grid", gap: 2, justifyItems: "start", py: 4 }}>
        <Typography id="dashboard-empty-title" variant="h6" component="h2">
          {t("dashboard.empty.title")}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 640 }}>
          {canCreate?.can ? t("dashboard.empty.create") : t("dashboard.empty.readOnly")}
        </Typography>
        {canCreate?.can && (
          <Box>
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => list("applications")}>
              {t("dashboard.empty.createAction")}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
