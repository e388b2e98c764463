import { Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { isReportOverdue, reportDueSoon, type ReportState } from "../../../domain/entities/incident";
import { useFormatDateTime } from "../../components/data-grid/grid-support";

const DAY_MS = 86_400_000;

/** Whole days until the deadline, counting a part day as a day; negative once it has passed. */
export const daysLeft = (deadline: string, now: Date = new Date()) => Math.ceil((new Date(deadline).getTime() - now.getTime()) / DAY_MS);

/**
 * When a serious incident's report to the authority is due: red and saying "overdue" once the deadline has
 * passed unreported, orange while it is due soon, and the report's time once made. Not serious: nothing.
 */
export function ReportDeadline({ incident, withDaysLeft = false }: { incident: ReportState; withDaysLeft?: boolean }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  if (!incident.serious || !incident.report_deadline) return null;
  if (incident.reported_at) {
    return (
      <Typography variant="body2" component="span" color="success.main">
        {t("incidents.deadline.reported", { date: formatDateTime(incident.reported_at) })}
      </Typography>
    );
  }
  const overdue = isReportOverdue(incident);
  const days = daysLeft(incident.report_deadline);
  const when = overdue ? t("incidents.deadline.overdue") : withDaysLeft ? t("incidents.deadline.daysLeft", { count: days }) : reportDueSoon(incident) ? t("incidents.deadline.dueSoon") : null;
  return (
    <Typography variant="body2" component="span" color={overdue ? "error" : reportDueSoon(incident) ? "warning.main" : "text.primary"} sx={{ fontWeight: overdue ? 600 : undefined }}>
      {formatDateTime(incident.report_deadline)}
      {when && ` (${when})`}
    </Typography>
  );
}
