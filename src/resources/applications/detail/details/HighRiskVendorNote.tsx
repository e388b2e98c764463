import { Alert, AlertTitle, Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { Vendor } from "../../../../../domain/entities/vendor";
import { vendorRiskReasonKey, type VendorRiskRuleId } from "../../../../../domain/vendors";

/**
 * Why the Vendor descriptor says "uses a vendor rated high risk": each high-risk vendor the form names,
 * with the reasons from its own risk questions.
 */
export function HighRiskVendorNote({ usedIds, vendors }: { usedIds: readonly string[]; vendors: readonly Vendor[] }) {
  const { t } = useTranslation();
  const high = vendors.filter((v) => v.risk_level === "high" && usedIds.includes(v.id));
  if (high.length === 0) return null;
  return (
    <Alert severity="warning" role="note" aria-label={t("vendors.picker.highRiskTitle")}>
      <AlertTitle>{t("vendors.picker.highRiskTitle")}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {high.map((v) => (
          <Typography component="li" variant="body2" key={v.id}>
            {t("vendors.picker.highRiskVendor", { name: v.name, reasons: v.risk_reasons.map((r) => t(vendorRiskReasonKey(r as VendorRiskRuleId))).join("; ") })}
          </Typography>
        ))}
      </Box>
    </Alert>
  );
}
