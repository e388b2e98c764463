import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { SnapshotChange } from "../../../../domain/approvals/compare";
import { descriptorLabelKey, isRiskTier, tierLabelKey, type DescriptorKey } from "../../../../domain/risk";
import { approvalStatusLabelKey, developmentStatusLabelKey, isApprovalStatus, isDevelopmentStatus } from "../../../../domain/workflow";

/** Fields whose values are words of a list the app already translates. */
const LABELLED: Record<string, (value: string) => string | null> = {
  risk_tier: (v) => (isRiskTier(v) ? tierLabelKey(v) : null),
  decision: (v) => `approvals.decisions.${v}`,
  decided_from: (v) => (isApprovalStatus(v) ? approvalStatusLabelKey(v) : null),
  development_status: (v) => (isDevelopmentStatus(v) ? developmentStatusLabelKey(v) : null),
  status: (v) => `controls.statuses.${v}`,
};

/** A snapshot's value in words: none as a dash, a known word translated, lists joined, yes and no, JSON for the rest. */
export function useValueText() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (value: unknown, field?: string | null): string => {
      if (value === null || value === undefined || value === "") return "—";
      const key = field && typeof value === "string" ? LABELLED[field]?.(value) : null;
      if (key && i18n.exists(key)) return t(key);
      if (typeof value === "boolean") return value ? t("approvals.yes") : t("approvals.no");
      if (Array.isArray(value)) return value.length === 0 ? "—" : value.map((v) => (typeof v === "object" ? JSON.stringify(v) : String(v))).join(", ");
      if (typeof value === "object") return JSON.stringify(value);
      return String(value);
    },
    [t, i18n],
  );
}

/** Where a change is, in words: its section, the entry (a descriptor by its label) and the field (a question by its label). */
export function useChangeLabels() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (change: SnapshotChange) => {
      const field =
        change.field === null
          ? null
          : change.section === "answers" && i18n.exists(`risk.questions.${change.field}.label`)
            ? t(`risk.questions.${change.field}.label`)
            : i18n.exists(`approvals.fields.${change.field}`)
              ? t(`approvals.fields.${change.field}`)
              : change.field;
      const item = change.item && (change.section === "descriptors" ? t(descriptorLabelKey(change.item.id as DescriptorKey)) : change.item.label);
      return { section: t(`approvals.sections.${change.section}`), item, field };
    },
    [t, i18n],
  );
}
