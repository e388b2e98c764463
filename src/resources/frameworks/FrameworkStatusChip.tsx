import { Chip } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { FrameworkStatus } from "../../../domain/frameworks/types";

const STATUS_KEYS: Record<FrameworkStatus, string> = { "In Effect": "inEffect", Voluntary: "voluntary", Passed: "passed" };
const STATUS_COLOURS: Record<FrameworkStatus, "success" | "info" | "warning"> = { "In Effect": "success", Voluntary: "info", Passed: "warning" };

/** A regulation's status label (In Effect, Voluntary, Passed). */
export function FrameworkStatusChip({ status }: { status: FrameworkStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATUS_COLOURS[status]} variant="outlined" label={t(`frameworks.status.${STATUS_KEYS[status]}`)} />;
}

export const frameworkStatusKey = (status: FrameworkStatus) => STATUS_KEYS[status];
