import { Box, List, ListItem, ListItemText, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { BulletList } from "./BulletList";
import { descriptorDescriptionKey, descriptorLabelKey, ruleReasonKey, type DescriptorKey, type RuleId } from "../../../domain/risk";

interface FlaggedDescriptorView {
  key: DescriptorKey;
  /** The ids of the descriptor rules that flagged it, e.g. "D-SECURITY-INTERNET". */
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
  /** One dense line per descriptor, its rules' reasons joined underneath (a record's side panels). */
  compact?: boolean;
}

/**
 * Flagged risk descriptors with what each means and the rules that flagged it, so a
 * reviewer sees why.
 */
export function DescriptorList({ descriptors, "aria-label": label, showDescriptions = true, emptyText, compact = false }: DescriptorListProps) {
  const { t } = useTranslation();
  if (descriptors.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {emptyText ?? t("applications.risk.noDescriptors")}
      </Typography>
    );
  }
  if (compact) {
    return (
      <List dense disablePadding aria-label={label}>
        {descriptors.map((d) => (
          <ListItem key={d.key} disableGutters sx={{ alignItems: "flex-start" }}>
            <ListItemText
              primary={t(descriptorLabelKey(d.key))}
              secondary={d.rules.map((r) => t(ruleReasonKey(r as RuleId))).join(" · ")}
            />
          </ListItem>
        ))}
      </List>
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
  return <BulletList items={rules.map((rule) => ({ key: rule, text: t(ruleReasonKey(rule as RuleId)) }))} aria-label={label} />;
}

/** Tier rules (and the T-EXEMPT note) start with "T-"; descriptor rules with "D-". */
export const tierRulesOf = (rules: readonly string[]) => rules.filter((r) => r.startsWith("T-"));

/** Why the tier is what it is: the deciding tier rule and, when it applied, the exemption; nothing when none fired. */
export function TierReasons({ rules }: { rules: readonly string[] }) {
  const tierRules = tierRulesOf(rules);
  return tierRules.length === 0 ? null : <RuleReasons rules={tierRules} />;
}
