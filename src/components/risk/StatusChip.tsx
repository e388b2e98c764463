import { Chip, type ChipProps } from "@mui/material";
import { useTranslation } from "react-i18next";
import {
  approvalStatusLabelKey,
  developmentStatusLabelKey,
  type ApprovalStatus,
  type DevelopmentStatus,
} from "../../../domain/workflow";

/** Where an approval stands: green once approved, red when rejected, yellow when changes are asked for. */
const APPROVAL_STATUS_COLOURS: Readonly<Record<ApprovalStatus, ChipProps["color"]>> = {
  draft: "default",
  submitted: "info",
  in_review: "info",
  approved: "success",
  rejected: "error",
  changes_requested: "warning",
};

const DEVELOPMENT_STATUS_COLOURS: Readonly<Record<DevelopmentStatus, ChipProps["color"]>> = {
  idea: "default",
  in_development: "info",
  testing: "info",
  deployed: "success",
  retired: "default",
};

interface StatusChipProps<S> {
  status: S;
  size?: ChipProps["size"];
  /**
   * An i18n key taking {{status}} for the chip's accessible name, where the bare status
   * would not say which status it is (e.g. "Approval status: Draft" in a record header).
   */
  ariaLabelKey?: string;
}

function StatusChip({ label, color, size = "small", ariaLabelKey }: { label: string; color: ChipProps["color"] } & Omit<StatusChipProps<never>, "status">) {
  const { t } = useTranslation();
  return (
    <Chip
      size={size}
      variant="outlined"
      color={color}
      label={label}
      aria-label={ariaLabelKey ? t(ariaLabelKey, { status: label }) : undefined}
    />
  );
}

/** An application's approval status as a chip whose text is the status. */
export function ApprovalStatusChip({ status, ...rest }: StatusChipProps<ApprovalStatus>) {
  const { t } = useTranslation();
  return <StatusChip label={t(approvalStatusLabelKey(status))} color={APPROVAL_STATUS_COLOURS[status]} {...rest} />;
}

/** An application's development status as a chip whose text is the status. */
export function DevelopmentStatusChip({ status, ...rest }: StatusChipProps<DevelopmentStatus>) {
  const { t } = useTranslation();
  return <StatusChip label={t(developmentStatusLabelKey(status))} color={DEVELOPMENT_STATUS_COLOURS[status]} {...rest} />;
}
