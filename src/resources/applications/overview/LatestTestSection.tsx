import { Link as RouterLink } from "react-router";
import { Box, Button, Chip, Typography } from "@mui/material";
import AssessmentOutlined from "@mui/icons-material/AssessmentOutlined";
import { useTranslation } from "react-i18next";
import { useFormatDateTime } from "../../../components/data-grid/grid-support";
import { useTestingTasks } from "../../testing/task-api";
import { useTaskUrls } from "../../testing/task-links";
import { categoryLabel, finishedAt, formatRatio, lowestRatio, taskTitle } from "../../testing/task-text";
import { OverviewSection } from "./OverviewSection";

const LATEST_READY = [{ field: "status", operator: "eq" as const, value: "ready" }];

/** The application's latest finished fairness test and what it found, with a link to its results; nothing without one. */
export function LatestTestSection({ applicationId }: { applicationId: string }) {
  const { t, i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { resultsUrl } = useTaskUrls();
  const { tasks } = useTestingTasks(applicationId, LATEST_READY, 1);
  const task = tasks[0];
  if (!task?.summary) return null;
  const locale = i18n.resolvedLanguage ?? "en";
  const { flagged, adverse_impact_groups, lowest_impact_ratio } = task.summary;
  const lowest = lowestRatio(task.summary);
  // The category whose lowest ratio is the run's lowest: where to look first.
  const worst = Object.entries(lowest_impact_ratio).find(([, ratio]) => ratio !== null && ratio === lowest)?.[0];
  return (
    <OverviewSection title={t("testing.overview.title")}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography fontWeight={600}>{taskTitle(t, task)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(finishedAt(task))}
        </Typography>
      </Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Chip
          size="small"
          color={flagged ? "warning" : "success"}
          label={flagged ? t("testing.summary.flagged", { count: adverse_impact_groups }) : t("testing.summary.clear")}
        />
        <Typography variant="body2">
          {worst
            ? t("testing.overview.lowestIn", { ratio: formatRatio(t, locale, lowest), category: categoryLabel(t, worst) })
            : t("testing.summary.lowest", { ratio: formatRatio(t, locale, lowest) })}
        </Typography>
      </Box>
      <Box>
        <Button component={RouterLink} to={resultsUrl(task)} size="small" startIcon={<AssessmentOutlined />}>
          {t("testing.overview.open")}
        </Button>
      </Box>
    </OverviewSection>
  );
}
