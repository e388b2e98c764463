import { Chip, type ChipProps } from "@mui/material";
import { useTranslation } from "react-i18next";
import { vendorRiskLevelKey, type VendorRiskLevel } from "../../../domain/vendors";
import { riskLevel } from "../../../domain/risk/levels";
import { LevelChip } from "../../components/risk/LevelChip";

/** A vendor's risk level on the one scale of levels, like the tiers'. */
export function VendorRiskChip({ level, size = "small" }: { level: VendorRiskLevel; size?: ChipProps["size"] }) {
  const { t } = useTranslation();
  return <LevelChip level={riskLevel(level)} size={size} label={t(vendorRiskLevelKey(level))} />;
}

/** A vendor's status; offboarded ones are greyed out. */
export function VendorStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={status === "active" ? "primary" : "default"} label={t(`vendors.statuses.${status}`)} />;
}
