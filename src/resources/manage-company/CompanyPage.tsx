import { Alert, Box, CircularProgress, Typography } from "@mui/material";
import { useOne, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { Company } from "../../../domain/entities/company";
import { SINGLETON_ID } from "../define-resource";
import { COMPANY_RESOURCE } from "./api-path";
import { CompanyForm } from "./CompanyForm";
import { CompanyLogoCard } from "./CompanyLogoCard";
import { IdentityProvidersSection } from "./IdentityProvidersSection";
import { MfaPolicyCard } from "./MfaPolicyCard";
import { useLocaleAreas } from "../../i18n/use-all-areas";

/** The security texts load with this page only. */
const COMPANY_AREAS = ["security", "sso"] as const;

/** /manage-company: the Administrator's view of their own company — details, logo, sign-in policy and corporate identity providers. */
export default function CompanyPage() {
  useLocaleAreas(COMPANY_AREAS);
  const { t } = useTranslation();
  const { result: company, query } = useOne<Company, HttpError>({ resource: COMPANY_RESOURCE, id: SINGLETON_ID, errorNotification: false });

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Typography variant="h5" component="h1">
        {t("company.title")}
      </Typography>
      {company ? (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "minmax(0, 3fr) minmax(0, 2fr)" }, alignItems: "start" }}>
          <CompanyForm company={company} />
          <CompanyLogoCard company={company} />
          <MfaPolicyCard company={company} />
          <Box sx={{ gridColumn: "1 / -1" }}>
            <IdentityProvidersSection />
          </Box>
        </Box>
      ) : query.isError ? (
        <Alert severity="error">{query.error?.message || t("company.loadFailed")}</Alert>
      ) : (
        <CircularProgress aria-label={t("company.title")} />
      )}
    </Box>
  );
}
