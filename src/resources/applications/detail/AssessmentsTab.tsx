import { Alert, Box, Card, CardContent, LinearProgress, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { assessmentSchema } from "../../../../domain/entities/application";
import { useFormatDateTime } from "../../../components/data-grid/grid-support";
import { TierChip } from "../../../components/risk/TierChip";
import { useApplicationGet } from "./application-api";
import { DescriptorList, TierReasons } from "../../../components/risk/DescriptorList";

type Assessment = z.infer<typeof assessmentSchema>;

/** Every classification the application has had, newest first, each with its reasons. */
export function AssessmentsTab({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { query, result } = useApplicationGet<{ items: Assessment[]; total: number }>(applicationId, "assessments", { page_size: 200 });
  const items = result.data?.items ?? [];

  if (query.isLoading) return <LinearProgress aria-label={t("application-detail.tabs.assessments")} />;
  if (query.error) {
    return (
      <Alert severity="error" role="alert">
        {t("application-detail.loadFailed", { message: query.error.message })}
      </Alert>
    );
  }
  if (items.length === 0) return <Typography color="text.secondary">{t("application-detail.assessments.empty")}</Typography>;
  return (
    <Box component="ol" aria-label={t("application-detail.tabs.assessments")} sx={{ display: "grid", gap: 2, listStyle: "none", p: 0, m: 0, maxWidth: 960 }}>
      {items.map((a) => (
        <Card component="li" variant="outlined" key={a.id}>
          <CardContent sx={{ display: "grid", gap: 1 }}>
            <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
              <TierChip tier={a.risk_tier} />
              <Typography variant="subtitle2" component="p">
                {t("application-detail.assessments.by", { name: a.assessed_by.name })}
              </Typography>
              <Typography component="time" variant="body2" color="text.secondary" dateTime={a.created_at}>
                {formatDateTime(a.created_at)}
              </Typography>
            </Box>
            <TierReasons rules={a.rules_fired} />
            <Typography variant="subtitle2" component="h3">
              {t("application-detail.preview.descriptors")}
            </Typography>
            <DescriptorList compact descriptors={a.risk_descriptors} emptyText={t("application-detail.preview.noDescriptors")} aria-label={t("application-detail.assessments.descriptorsOf", { when: formatDateTime(a.created_at) })} />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
