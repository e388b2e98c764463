import { Chip, Tooltip, type ChipProps } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { TestingStatus, TestingTask } from "../../../domain/entities/testing-task";
import { failureText } from "./task-text";

/** Waiting for its file or the queue is neutral, a worker's run is under way, ready is done, error needs someone. */
const STATUS_COLOURS: Readonly<Record<TestingStatus, ChipProps["color"]>> = { created: "default", waiting: "info", analyzing: "info", ready: "success", error: "error" };

/** A task's status as a coloured chip; a failed one says why when pointed at or focused. */
export function TaskStatusChip({ task }: { task: Pick<TestingTask, "status" | "error" | "error_params"> }) {
  const { t, i18n } = useTranslation();
  const label = t(`testing.statuses.${task.status}`);
  const reason = task.status === "error" ? failureText(t, (key) => i18n.exists(key), task) : null;
  const chip = (
    <Chip
      size="small"
      color={STATUS_COLOURS[task.status]}
      variant={task.status === "ready" || task.status === "error" ? "filled" : "outlined"}
      label={label}
      aria-label={reason ? t("testing.chips.statusWithReason", { status: label, reason }) : t("testing.chips.status", { status: label })}
      // Focusable, so the reason in the tooltip is reachable without a mouse.
      tabIndex={reason ? 0 : undefined}
    />
  );
  return reason ? <Tooltip title={reason}>{chip}</Tooltip> : chip;
}
