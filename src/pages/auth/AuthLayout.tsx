import type { ReactNode } from "react";
import { Box, Paper, Typography } from "@mui/material";
import ShieldOutlined from "@mui/icons-material/ShieldOutlined";
import { useTranslation } from "react-i18next";
import { useCrumbs } from "../../components/layout/use-crumbs";

/** The public layout: the side panel with the tagline, and the form. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  useCrumbs();
  return (
    <Box sx={{ minHeight: "100vh", display: "grid", gridTemplateColumns: { xs: "1fr", md: "5fr 7fr" } }}>
      <Box
        component="aside"
        sx={{ display: { xs: "none", md: "flex" }, flexDirection: "column", justifyContent: "center", gap: 2, p: 6, color: "common.white", background: "linear-gradient(160deg, #1d4ed8 0%, #0f766e 100%)" }}
      >
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <ShieldOutlined fontSize="large" />
          <Typography variant="h4" component="div" sx={{ fontWeight: 700 }}>
            Steward
          </Typography>
        </Box>
        <Typography variant="h5" component="p" data-testid="tagline">
          {t("auth.tagline")}
        </Typography>
      </Box>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "center", p: 3 }}>
        <Paper variant="outlined" sx={{ width: "100%", maxWidth: 450, p: 4 }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
