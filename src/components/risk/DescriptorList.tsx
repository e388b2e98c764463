import { Box, List, ListItem, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { descriptorDescriptionKey, descriptorLabelKey, ruleReasonKey, type DescriptorKey, type RuleId } from "../../../domain/risk";

export interface FlaggedDescriptorView {
  key: DescriptorKey;
  /** The rule ids that flagged it (risk-model §3), e.g. "D-SECURITY-INTERNET". */
  rules: readonly string[];
}

export interface DescriptorListProps {
  descriptors: readonly FlaggedDescriptorView[];
  /** The list's accessible name, e.g. "Flagged risk descriptors". */
  "aria-label"?: string;
  /** Show each descriptor's description under its label (the reviewer's view); off for a compact preview. */
  showDescriptions?: boolean;
  /** What to say when nothing is flagged; defaults to applications.risk.noDescriptors. */
  emptyText?: string;
}

/**
 * Flagged risk descriptors with what each means and the rules that flagged it, so a
 * reviewer sees why (risk-model §3).
 */
export function DescriptorList({ descriptors, "aria-label": label, showDescriptions = true, emptyText }: DescriptorListProps) {
  const { t } = useTranslation();
  if (descriptors.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {emptyText ?? t("applications.risk.noDescriptors")}
      </Typography>
    );
  }
  return (
    <List disablePadding aria-label={label}>
      {descriptors.map((d) => {
        const name = t(descriptorLabelKey(d.key));
        return (
          <ListItem key={d.key} disableGutters divider aria-label={name} sx={{ display: "block", py: 1 }}>
            <Typography variant="subtitle2" component="p">
              {name}
            </Typography>
            {showDescriptions && (
              <Typography variant="body2" color="text.secondary">
                {t(descriptorDescriptionKey(d.key))}
              </Typography>
            )}
            {d.rules.length > 0 && (
              <Box sx={{ mt: 0.5 }}>
                <Typography variant="caption" color="text.secondary" component="p">
                  {t("applications.risk.flaggedBecause")}
                </Typography>
                <RuleReasons rules={d.rules} />
              </Box>
            )}
          </ListItem>
        );
      })}
    </List>
  );
}

/** Rule ids as the sentences that explain them (risk.rules.<id>). */
export function RuleReasons({ rules, "aria-label": label }: { rules: readonly string[]; "aria-label"?: string }) {
  const { t } = useTranslation();
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5 }}>
      {rules.map((rule) => (
        <Typography component="li" variant="body2" key={rule}>
          {t(ruleReasonKey(rule as RuleId))}
        </Typography>
      ))}
    </Box>
  );
}

/** Tier rules (and the T-EXEMPT note) start with "T-"; descriptor rules with "D-". */
export const tierRulesOf = (rules: readonly string[]) => rules.filter((r) => r.startsWith("T-"));
