import { Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { tierDetailMetricsKey, tierOutcomesKey, type RiskTier } from "../../../domain/risk";
import { RuleReasons, tierRulesOf } from "./DescriptorList";
import { MissingQuestions } from "./MissingQuestions";
import { TierChip } from "./TierChip";

export interface TierSummaryProps {
  tier: RiskTier | null;
  /** Every rule id the classification fired; only the tier rules (T-…) are shown here. */
  rulesFired?: readonly string[];
  /** Required questions still unanswered: why an application is "Not assessed". */
  missingRequired?: readonly string[];
}

/**
 * A tier and what it means (its outcomes and detail metrics), with the rules that
 * decided it, or, without a tier, the questions still to answer.
 */
export function TierSummary({ tier, rulesFired = [], missingRequired = [] }: TierSummaryProps) {
  const { t } = useTranslation();
  const tierRules = tierRulesOf(rulesFired);
  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      <Box>
        <TierChip tier={tier} size="medium" />
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3">
          {t("applications.risk.outcomes")}
        </Typography>
        <Typography variant="body2">{t(tierOutcomesKey(tier))}</Typography>
      </Box>
      {tier && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            {t("applications.risk.detailMetrics")}
          </Typography>
          <Typography variant="body2">{t(tierDetailMetricsKey(tier))}</Typography>
        </Box>
      )}
      {tierRules.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            {t("applications.risk.tierReasons")}
          </Typography>
          <RuleReasons rules={tierRules} aria-label={t("applications.risk.tierReasons")} />
        </Box>
      )}
      {tier === null && <MissingQuestions ids={missingRequired} heading={t("applications.risk.missingRequired")} />}
    </Box>
  );
}
