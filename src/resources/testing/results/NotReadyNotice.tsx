import { Link as RouterLink } from "react-router";
import { Alert, Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { TestingTask } from "../../../../domain/entities/testing-task";
import { useResultFormats } from "./result-formats";
import { useTaskUrls } from "../task-links";
import { failureText } from "../task-text";

/** A test without results yet (or that failed, and why): what it is doing, and its status page, which says more. */
export function NotReadyNotice({ task }: { task: Omit<TestingTask, "results"> }) {
  const { t, i18n } = useTranslation();
  const formats = useResultFormats();
  const { statusUrl } = useTaskUrls();
  const failure = failureText(t, (key) => i18n.exists(key), task);
  return (
    <Alert
      severity={task.status === "error" ? "error" : "info"}
      action={
        <Button component={RouterLink} to={statusUrl(task)} color="inherit" size="small">
          {t("testing-results.notReady.statusLink")}
        </Button>
      }
    >
      {t(`testing-results.notReady.${task.status}`, { rows: formats.count(task.rows_read) })}
      {failure && ` ${failure}`}
    </Alert>
  );
}
