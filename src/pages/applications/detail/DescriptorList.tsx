import { Box, List, ListItem, ListItemText, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { descriptorLabelKey, ruleReasonKey, type DescriptorKey, type RuleId } from "../../../../domain/risk";

/** Tier rules (and the exemption) start with T-; descriptor rules with D-. */
export const tierRulesOf = (rules: readonly string[]) => rules.filter((r) => r.startsWith("T-"));

/** Why the tier is what it is: the deciding tier rule and, when it applied, the exemption. */
export function TierReasons({ rules }: { rules: readonly string[] }) {
  const { t } = useTranslation();
  const tierRules = tierRulesOf(rules);
  if (tierRules.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {tierRules.map((rule) => (
        <Typography component="li" variant="body2" key={rule}>
          {t(ruleReasonKey(rule as RuleId))}
        </Typography>
      ))}
    </Box>
  );
}

/** Flagged risk descriptors, each with the rules that flagged it (risk-model §3). */
export function DescriptorList({ descriptors, label }: { descriptors: readonly { key: string; rules: readonly string[] }[]; label: string }) {
  const { t } = useTranslation();
  if (descriptors.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t("application-detail.preview.noDescriptors")}
      </Typography>
    );
  }
  return (
    <List dense disablePadding aria-label={label}>
      {descriptors.map((d) => (
        <ListItem key={d.key} disableGutters sx={{ alignItems: "flex-start" }}>
          <ListItemText
            primary={t(descriptorLabelKey(d.key as DescriptorKey))}
            secondary={d.rules.map((r) => t(ruleReasonKey(r as RuleId))).join(" · ")}
          />
        </ListItem>
      ))}
    </List>
  );
}
