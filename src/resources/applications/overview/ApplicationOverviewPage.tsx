import { Link as RouterLink, useParams } from "react-router";
import { Alert, Box, Button, LinearProgress, Typography } from "@mui/material";
import ArrowBackOutlined from "@mui/icons-material/ArrowBackOutlined";
import OpenInNewOutlined from "@mui/icons-material/OpenInNewOutlined";
import { useCustom, useNavigation, useOne, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { Application, applicationDetailsResponseSchema } from "../../../../domain/entities/application";
import { useEntityTitle } from "../../../components/layout/entity-titles";
import { DescriptorList } from "../../../components/risk/DescriptorList";
import { TierSummary } from "../../../components/risk/TierSummary";
import { EntityNotFound } from "../../../pages/errors/EntityNotFound";
import { LatestTestSection } from "./LatestTestSection";
import { OverviewSection } from "./OverviewSection";
import { StatusSummary } from "./StatusSummary";

type DetailsResponse = z.infer<typeof applicationDetailsResponseSchema>;

/**
 * /applications/overview/{applicationId}: the read-only summary a reviewer reads —
 * the tier and what it means, the flagged descriptors with the rules behind them, and where
 * the application stands. Editing happens on the detail page.
 */
export default function ApplicationOverviewPage() {
  const { t } = useTranslation();
  const { listUrl, showUrl } = useNavigation();
  const { id: applicationId = "" } = useParams<{ id: string }>();
  const enabled = applicationId !== "";
  const { query, result: application } = useOne<Application, HttpError>({
    resource: "applications",
    id: applicationId,
    queryOptions: { enabled, retry: false },
    errorNotification: false,
  });
  const { query: detailsQuery } = useCustom<DetailsResponse, HttpError>({
    url: `/applications/${applicationId}/details`,
    method: "get",
    queryOptions: { enabled, retry: false },
    errorNotification: false,
  });
  const details = detailsQuery.data?.data;
  // The breadcrumb of an application is its name.
  useEntityTitle(applicationId, application?.name);

  const status = query.error?.statusCode;
  // 400 is an id that is no UUID: as missing as an unknown one.
  if (status === 404 || status === 400) {
    return (
      <EntityNotFound title={t("applications.notFound.title")} backTo={listUrl("applications")} backLabel={t("applications.notFound.back")}>
        {t("applications.notFound.body")}
      </EntityNotFound>
    );
  }
  if (query.error) {
    return (
      <Alert severity="error" role="alert">
        {t("applications.overview.loadFailed", { message: query.error.message })}
      </Alert>
    );
  }
  // Detail routes load their entity before showing.
  if (!application) return <LinearProgress aria-label={t("applications.overview.loading")} />;

  // The details' classification is the fresh one with reasons; the record's copy stands in until it loads.
  const descriptors = details?.risk_descriptors ?? application.risk_descriptors;
  return (
    <Box sx={{ display: "grid", gap: 2, maxWidth: 1200 }}>
      <Box>
        <Button component={RouterLink} to={listUrl("applications")} startIcon={<ArrowBackOutlined />} size="small">
          {t("applications.overview.back")}
        </Button>
      </Box>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="h5" component="h1">
          {application.name}
        </Typography>
        <Button variant="contained" component={RouterLink} to={showUrl("applications", application.id)} startIcon={<OpenInNewOutlined />}>
          {t("applications.overview.openDetail")}
        </Button>
      </Box>
      <Typography variant="body1" color={application.description ? "text.primary" : "text.secondary"} sx={{ whiteSpace: "pre-line", maxWidth: 860 }}>
        {application.description || t("applications.overview.noDescription")}
      </Typography>
      {detailsQuery.error && (
        <Alert severity="warning">{t("applications.overview.detailsFailed", { message: detailsQuery.error.message })}</Alert>
      )}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "minmax(0, 1fr) minmax(0, 1fr)" }, alignItems: "start" }}>
        <OverviewSection title={t("applications.overview.sections.risk")}>
          <TierSummary tier={application.risk_tier} rulesFired={details?.rules_fired} missingRequired={details?.missing_required} />
        </OverviewSection>
        <OverviewSection title={t("applications.overview.sections.status")}>
          <StatusSummary application={application} />
        </OverviewSection>
      </Box>
      <OverviewSection title={t("applications.overview.sections.descriptors")}>
        <DescriptorList descriptors={descriptors} aria-label={t("applications.overview.sections.descriptors")} />
      </OverviewSection>
      <LatestTestSection applicationId={application.id} />
    </Box>
  );
}
