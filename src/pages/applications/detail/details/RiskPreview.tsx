import { useMemo } from "react";
import { Box, Card, CardContent, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import {
  classify,
  missingRequiredAnswers,
  questionLabelKey,
  tierLabelKey,
  tierOutcomesKey,
  type ApplicationDetails,
  type ClassificationContext,
} from "../../../../../domain/risk";
import { TierChip } from "../../../../components/risk/TierChip";
import { DescriptorList, TierReasons } from "../DescriptorList";
import { effectiveAnswers } from "./details-form";

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
    <Card variant="outlined" component="section" aria-labelledby="risk-preview-title">
      <CardContent sx={{ display: "grid", gap: 1.5 }}>
        <Typography id="risk-preview-title" variant="h6" component="h2">
          {t("application-detail.preview.title")}
        </Typography>
        {/* Announced as the user answers, so a screen reader hears the tier change. */}
        <Box role="status" aria-live="polite" aria-label={t("application-detail.preview.tierNow", { tier: tierText })} sx={{ display: "flex", gap: 1, alignItems: "center" }}>
          <TierChip tier={result.risk_tier} size="medium" />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t(tierOutcomesKey(result.risk_tier))}
        </Typography>
        <TierReasons rules={result.rules_fired} />
        {missing.length > 0 && (
          <Box>
            <Typography variant="subtitle2" component="h3">
              {t("application-detail.preview.missing")}
            </Typography>
            <Box component="ul" aria-label={t("application-detail.preview.missing")} sx={{ m: 0, pl: 2.5 }}>
              {missing.map((id) => (
                <Typography component="li" variant="body2" key={id}>
                  {t(questionLabelKey(id))}
                </Typography>
              ))}
            </Box>
          </Box>
        )}
        <Typography variant="subtitle2" component="h3">
          {t("application-detail.preview.descriptors")}
        </Typography>
        <DescriptorList descriptors={result.risk_descriptors} label={t("application-detail.preview.descriptors")} />
      </CardContent>
    </Card>
  );
}
