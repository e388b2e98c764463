import { useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { Alert, Box, Button, Chip, LinearProgress, Typography } from "@mui/material";
import ArrowBackOutlined from "@mui/icons-material/ArrowBackOutlined";
import AssessmentOutlined from "@mui/icons-material/AssessmentOutlined";
import ReplayOutlined from "@mui/icons-material/ReplayOutlined";
import { useNavigation, type HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { useFormatDateTime } from "../../../components/data-grid/grid-support";
import { useEntityTitle } from "../../../components/layout/entity-titles";
import { SectionCard } from "../../../components/layout/SectionCard";
import { EntityNotFound } from "../../../pages/errors/EntityNotFound";
import { useApplication } from "../../applications/detail/application-api";
import { isWorking, useRetryTask, useTestingTask } from "../task-api";
import { useTaskUrls } from "../task-links";
import { failureText, taskTitle } from "../task-text";
import { TaskStatusChip } from "../TaskStatusChip";
import { useTestingPermissions } from "../testing-permissions";
import { OfflineScoring } from "./OfflineScoring";
import { StatusTimeline } from "./StatusTimeline";

/**
 * /application-testing/status-details/{applicationId}/{taskId}: where a test stands — its statuses over time,
 * the rows read while a worker analyses it, why it failed (with Retry), the offline scoring it waits for, and
 * the way to its results once ready.
 */
export default function TestingStatusPage() {
  const { t, i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { showUrl } = useNavigation();
  const { resultsUrl } = useTaskUrls();
  const { applicationId = "", taskId = "" } = useParams<{ applicationId: string; taskId: string }>();
  const { task, query } = useTestingTask(applicationId, taskId);
  const { result: application } = useApplication(applicationId);
  const { canUpdate } = useTestingPermissions(applicationId);
  const { retry, busy } = useRetryTask(applicationId);
  const [retryFailure, setRetryFailure] = useState<string | null>(null);
  // The breadcrumbs read the application's name and the test's instead of their ids.
  useEntityTitle(applicationId, application?.name);
  useEntityTitle(taskId, task ? taskTitle(t, task) : undefined);

  const backToTab = `${showUrl("applications", applicationId)}?tab=testing`;
  const status = query.error?.statusCode;
  // 400 is an id that is no UUID: as missing as an unknown one.
  if (status === 404 || status === 400) {
    return (
      <EntityNotFound title={t("testing.status.notFound")} backTo={applicationId ? backToTab : "/applications"} backLabel={t("testing.status.back")}>
        {t("testing.status.notFoundBody")}
      </EntityNotFound>
    );
  }
  if (query.error) return <Alert severity="error">{t("testing.status.loadFailed", { message: query.error.message })}</Alert>;
  if (!task) return <LinearProgress aria-label={t("testing.status.loading")} />;

  const locale = i18n.resolvedLanguage ?? "en";
  const failure = task.status === "error" ? failureText(t, (key) => i18n.exists(key), task) : null;
  const offline = task.data_source === "fairness_ml_synthetic" && task.population?.scoring === "offline";
  const sendRetry = async () => {
    setRetryFailure(null);
    try {
      await retry(task.id);
    } catch (error) {
      setRetryFailure(t("testing.status.retryFailed", { message: (error as HttpError).message }));
    }
  };

  return (
    <Box sx={{ display: "grid", gap: 2, maxWidth: 1000 }}>
      <Box>
        <Button component={RouterLink} to={backToTab} startIcon={<ArrowBackOutlined />} size="small">
          {t("testing.status.back")}
        </Button>
      </Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Typography variant="h5" component="h1">
          {taskTitle(t, task)}
        </Typography>
        <TaskStatusChip task={task} />
        <Chip size="small" variant="outlined" label={t(`testing.dataSources.${task.data_source}`)} />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t("testing.status.started", { name: task.started_by.name, date: formatDateTime(task.created_at) })}
        {task.document && ` · ${t("testing.status.file", { name: task.document.name })}`}
      </Typography>

      {isWorking(task.status) && (
        <Box role="status" sx={{ display: "grid", gap: 0.5 }}>
          <Typography variant="body2">
            {task.status === "waiting" ? t("testing.status.waiting") : t("testing.status.rowsRead", { count: task.rows_read, rows: task.rows_read.toLocaleString(locale) })}
          </Typography>
          <LinearProgress aria-label={t(`testing.statuses.${task.status}`)} />
        </Box>
      )}
      {failure && (
        <Alert
          severity="error"
          action={
            canUpdate && (
              <Button color="inherit" size="small" startIcon={<ReplayOutlined />} disabled={busy} onClick={() => void sendRetry()}>
                {t("testing.status.retry")}
              </Button>
            )
          }
        >
          {t("testing.status.failed", { reason: failure })}
        </Alert>
      )}
      {retryFailure && (
        <Alert severity="error" role="alert" onClose={() => setRetryFailure(null)}>
          {retryFailure}
        </Alert>
      )}
      {task.status === "ready" && (
        <Alert
          severity="success"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={resultsUrl(task)} startIcon={<AssessmentOutlined />}>
              {t("testing.status.openResults")}
            </Button>
          }
        >
          {t("testing.status.ready", { count: task.rows_read, rows: task.rows_read.toLocaleString(locale) })}
        </Alert>
      )}
      {offline && (task.status === "created" || task.status === "error") && <OfflineScoring task={task} canUpdate={canUpdate} />}

      <SectionCard titleId="testing-history-title" title={t("testing.status.history")} gap={1}>
        <StatusTimeline history={task.history} />
      </SectionCard>
    </Box>
  );
}
