import { Chip, type ChipProps } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { IncidentSeverity, IncidentStatus } from "../../../domain/entities/incident";
import { severityLevel } from "../../../domain/risk/levels";
import { LevelChip } from "../../components/risk/LevelChip";

/** Open and investigating ones still wait on someone; resolved is done, closed is archived. */
const STATUS_COLOURS: Readonly<Record<IncidentStatus, ChipProps["color"]>> = { open: "warning", investigating: "info", resolved: "success", closed: "default" };

/** An incident's severity on the one scale of levels (critical as severe); the accessible name says it is the severity. */
export function SeverityChip({ severity, size = "small" }: { severity: IncidentSeverity; size?: ChipProps["size"] }) {
  const { t } = useTranslation();
  const label = t(`incidents.severities.${severity}`);
  return <LevelChip level={severityLevel(severity)} size={size} label={label} aria-label={t("incidents.chips.severity", { severity: label })} />;
}

/** An incident's status as an outlined chip. */
export function IncidentStatusChip({ status, size = "small" }: { status: IncidentStatus; size?: ChipProps["size"] }) {
  const { t } = useTranslation();
  const label = t(`incidents.statuses.${status}`);
  return <Chip size={size} variant="outlined" color={STATUS_COLOURS[status]} label={label} aria-label={t("incidents.chips.status", { status: label })} />;
}
