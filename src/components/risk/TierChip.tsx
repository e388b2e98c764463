import type { ChipProps } from "@mui/material";
import { useTranslation } from "react-i18next";
import { tierLevel } from "../../../domain/risk/levels";
import { tierLabelKey, type RiskTier } from "../../../domain/risk/tiers";
import { LevelChip } from "./LevelChip";

/** A risk tier on the one scale of levels: prohibited dark red, high orange, medium yellow, low green, not assessed grey. */
export function TierChip({ tier, size = "small" }: { tier: RiskTier | null; size?: ChipProps["size"] }) {
  const { t } = useTranslation();
  return <LevelChip level={tierLevel(tier)} label={t(tierLabelKey(tier))} size={size} />;
}
