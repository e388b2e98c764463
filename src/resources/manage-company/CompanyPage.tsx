import { useState } from "react";
import { Alert, Box, CircularProgress, Typography } from "@mui/material";
import { useCustom } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { Company } from "../../../domain/entities/company";
import { COMPANY_PATH } from "./api-path";
import { CompanyForm } from "./CompanyForm";
import { CompanyLogoCard } from "./CompanyLogoCard";

/** /manage-company: the Administrator's view of their own company — details and logo. */
export default function CompanyPage() {
  const { t } = useTranslation();
  const { query } = useCustom<Company>({ url: COMPANY_PATH, method: "get", errorNotification: false });
  // What the last save, upload or removal answered wins over the fetched copy, so every change shows at once.
  const [changed, setChanged] = useState<Company | null>(null);
  const company = changed ?? query.data?.data;

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Typography variant="h5" component="h1">
        {t("company.title")}
      </Typography>
      {company ? (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "minmax(0, 3fr) minmax(0, 2fr)" }, alignItems: "start" }}>
          <CompanyForm company={company} onSaved={setChanged} />
          <CompanyLogoCard company={company} onChanged={setChanged} />
        </Box>
      ) : query.isError ? (
        <Alert severity="error">{query.error?.message || t("company.loadFailed")}</Alert>
      ) : (
        <CircularProgress aria-label={t("company.title")} />
      )}
    </Box>
  );
}
