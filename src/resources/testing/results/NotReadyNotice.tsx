import { Link as RouterLink } from "react-router";
import { Alert, Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { TestingTask } from "../../../../domain/entities/testing-task";
import { useResultFormats } from "./result-formats";
import { statusDetailsUrl } from "./results-labels";

/** A test without results yet (or that failed): what it is doing, and its status page, which says more. */
export function NotReadyNotice({ task }: { task: TestingTask }) {
  const { t } = useTranslation();
  const formats = useResultFormats();
  return (
    <Alert
      severity={task.status === "error" ? "error" : "info"}
      action={
        <Button component={RouterLink} to={statusDetailsUrl(task.application_id, task.id)} color="inherit" size="small">
          {t("testing-results.notReady.statusLink")}
        </Button>
      }
    >
      {t(`testing-results.notReady.${task.status}`, { rows: formats.count(task.rows_read) })}
    </Alert>
  );
}
