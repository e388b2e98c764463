import { Link as RouterLink } from "react-router";
import { Alert, Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { LlmRun } from "./llm-api";
import { useResultFormats } from "../results/result-formats";
import { useTaskUrls } from "../task-links";
import { failureText } from "../task-text";

/** An LLM test without results yet (or that failed): what it is doing, and its status page, which says more. */
export function LlmNotReady({ task }: { task: LlmRun["task"] }) {
  const { t, i18n } = useTranslation();
  const failure = failureText(t, (key) => i18n.exists(key), task);
  const formats = useResultFormats();
  const { statusUrl } = useTaskUrls();
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
