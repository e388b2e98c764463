import { useMemo } from "react";
import { Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import {
  classify,
  missingRequiredAnswers,
  tierLabelKey,
  tierOutcomesKey,
  type ApplicationDetails,
  type ClassificationContext,
} from "../../../../../domain/risk";
import { TierChip } from "../../../../components/risk/TierChip";
import { DescriptorList, TierReasons } from "../../../../components/risk/DescriptorList";
import { MissingQuestions } from "../../../../components/risk/MissingQuestions";
import { effectiveAnswers } from "./details-form";
import { SectionCard } from "../../../../components/layout/SectionCard";

const NO_VENDORS: ClassificationContext = { vendorCount: 0, highRiskVendorIds: [] };

/**
 * The tier and descriptors the current answers give, with their reasons, recomputed as the user
 * answers by the same classify() the server runs on save, with the vendors chosen in the form (how
 * many, and which are rated high) as the context.
 */
export function RiskPreview({ details, context = NO_VENDORS }: { details: ApplicationDetails; context?: ClassificationContext }) {
  const { t } = useTranslation();
  const answers = useMemo(() => effectiveAnswers(details), [details]);
  const result = useMemo(() => classify(answers, context), [answers, context]);
  const missing = useMemo(() => missingRequiredAnswers(answers), [answers]);
  const tierText = t(tierLabelKey(result.risk_tier));

  return (
    <SectionCard titleId="risk-preview-title" title={t("application-detail.preview.title")} gap={1.5}>
      {/* Announced as the user answers, so a screen reader hears the tier change. */}
      <Box role="status" aria-live="polite" aria-label={t("application-detail.preview.tierNow", { tier: tierText })} sx={{ display: "flex", gap: 1, alignItems: "center" }}>
        <TierChip tier={result.risk_tier} size="medium" />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t(tierOutcomesKey(result.risk_tier))}
      </Typography>
      <TierReasons rules={result.rules_fired} />
      <MissingQuestions ids={missing} heading={t("application-detail.preview.missing")} />
      <Typography variant="subtitle2" component="h3">
        {t("application-detail.preview.descriptors")}
      </Typography>
      <DescriptorList compact descriptors={result.risk_descriptors} emptyText={t("application-detail.preview.noDescriptors")} aria-label={t("application-detail.preview.descriptors")} />
    </SectionCard>
  );
}
