import { useState } from "react";
import type { HttpError } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { TestingTask } from "../../../../domain/entities/testing-task";
import { ConfirmDialog } from "../../../components/dialogs/ConfirmDialog";
import { notify } from "../../../providers/notifications";
import { useDeleteTask } from "../task-api";
import { taskTitle } from "../task-text";

/** Asks before deleting a test; a run a worker took meanwhile is refused by the server (409) and said so. */
export function DeleteTaskDialog({ task, onClose }: { task: TestingTask; onClose(): void }) {
  const { t } = useTranslation();
  const remove = useDeleteTask(task.application_id);
  const [failure, setFailure] = useState<string | null>(null);
  const name = taskTitle(t, task);

  const confirm = async () => {
    try {
      await remove(task.id);
    } catch (error) {
      const problem = error as HttpError;
      setFailure(problem.statusCode === 409 ? t("testing.delete.analyzing") : t("testing.delete.failed", { message: problem.message }));
      throw error;
    }
    notify({ severity: "success", message: t("testing.delete.done", { name }) });
  };

  return (
    <ConfirmDialog open title={t("testing.delete.title")} confirmLabel={t("testing.delete.button")} destructive error={failure} onClose={onClose} onConfirm={confirm}>
      {t("testing.delete.body", { name })}
    </ConfirmDialog>
  );
}
