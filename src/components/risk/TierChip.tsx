import { Chip, type ChipProps } from "@mui/material";
import { useTranslation } from "react-i18next";
import { tierColour, tierLabelKey, type RiskTier } from "../../../domain/risk/tiers";
import { COLOUR } from "../../theme";

/** A risk tier in its colour word: red, yellow, green, grey for not assessed. */
export function TierChip({ tier, size = "small" }: { tier: RiskTier | null; size?: ChipProps["size"] }) {
  const { t } = useTranslation();
  return <Chip size={size} color={COLOUR[tierColour(tier)]} label={t(tierLabelKey(tier))} variant={tier ? "filled" : "outlined"} />;
}
