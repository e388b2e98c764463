import { useMemo } from "react";
import { Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { vendorRisk, vendorRiskLevelKey, vendorRiskReasonKey, type VendorDetails } from "../../../domain/vendors";
import { VendorRiskChip } from "./VendorRiskChip";
import { SectionCard } from "../../components/layout/SectionCard";

/** The risk level the current answers give, with the reasons, recomputed as the user answers by the server's own vendorRisk(). */
export function VendorRiskPreview({ details }: { details: VendorDetails }) {
  const { t } = useTranslation();
  const risk = useMemo(() => vendorRisk(details), [details]);
  return (
    <SectionCard titleId="vendor-risk-preview-title" title={t("vendors.preview.title")} gap={1.5}>
      <Box role="status" aria-live="polite" aria-label={t("vendors.preview.levelNow", { level: t(vendorRiskLevelKey(risk.level)) })}>
        <VendorRiskChip level={risk.level} size="medium" />
      </Box>
      <Typography variant="subtitle2" component="h3">
        {t("vendors.preview.reasons")}
      </Typography>
      {risk.reasons.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("vendors.preview.noReasons")}
        </Typography>
      ) : (
        <Box component="ul" aria-label={t("vendors.preview.reasons")} sx={{ m: 0, pl: 2.5 }}>
          {risk.reasons.map((id) => (
            <Typography component="li" variant="body2" key={id}>
              {t(vendorRiskReasonKey(id))}
            </Typography>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
