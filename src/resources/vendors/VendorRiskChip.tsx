import { Chip, type ChipProps } from "@mui/material";
import { useTranslation } from "react-i18next";
import { vendorRiskLevelKey, type VendorRiskLevel } from "../../../domain/vendors";

const COLOUR: Record<VendorRiskLevel, ChipProps["color"]> = { high: "error", medium: "warning", low: "success" };

/** A vendor's risk level in the tier colours: red, yellow, green. */
export function VendorRiskChip({ level, size = "small" }: { level: VendorRiskLevel; size?: ChipProps["size"] }) {
  const { t } = useTranslation();
  return <Chip size={size} color={COLOUR[level]} label={t(vendorRiskLevelKey(level))} />;
}

/** A vendor's status; offboarded ones are greyed out. */
export function VendorStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={status === "active" ? "primary" : "default"} label={t(`vendors.statuses.${status}`)} />;
}
