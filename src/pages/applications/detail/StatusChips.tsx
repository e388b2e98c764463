import { Chip, type ChipProps } from "@mui/material";
import { useTranslation } from "react-i18next";
import {
  approvalStatusLabelKey,
  developmentStatusLabelKey,
  type ApprovalStatus,
  type DevelopmentStatus,
} from "../../../../domain/workflow";

const APPROVAL_COLOURS: Record<ApprovalStatus, ChipProps["color"]> = {
  draft: "default",
  submitted: "info",
  in_review: "info",
  approved: "success",
  rejected: "error",
  changes_requested: "warning",
};

const DEVELOPMENT_COLOURS: Record<DevelopmentStatus, ChipProps["color"]> = {
  idea: "default",
  in_development: "info",
  testing: "info",
  deployed: "success",
  retired: "default",
};

/** The approval status, labelled so a screen reader says which status it is. */
export function ApprovalStatusChip({ status }: { status: ApprovalStatus }) {
  const { t } = useTranslation();
  const label = t(approvalStatusLabelKey(status));
  return (
    <Chip
      size="small"
      variant="outlined"
      color={APPROVAL_COLOURS[status]}
      label={label}
      aria-label={t("application-detail.header.approvalStatus", { status: label })}
    />
  );
}

export function DevelopmentStatusChip({ status }: { status: DevelopmentStatus }) {
  const { t } = useTranslation();
  const label = t(developmentStatusLabelKey(status));
  return (
    <Chip
      size="small"
      variant="outlined"
      color={DEVELOPMENT_COLOURS[status]}
      label={label}
      aria-label={t("application-detail.header.developmentStatus", { status: label })}
    />
  );
}
