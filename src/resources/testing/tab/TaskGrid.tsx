import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TestingTask } from "../../../../domain/entities/testing-task";
import { useExportTarget, useFormatDateTime } from "../../../components/data-grid/grid-support";
import { TESTING_RESOURCE, testingTasksPath } from "../task-api";
import { ListDataGrid } from "../../../components/data-grid/ListPage";
import { useTaskUrls } from "../task-links";
import type { useTestingTaskTable } from "./task-table";
import { DeleteTaskDialog } from "./DeleteTaskDialog";
import { taskColumns } from "./task-columns";

interface Props {
  applicationId: string;
  table: ReturnType<typeof useTestingTaskTable>;
  canDelete: boolean;
  noRowsLabel: string;
}

/** The application's tests, newest first; a row opens its results when ready, else its status. */
export function TaskGrid({ applicationId, table, canDelete, noRowsLabel }: Props) {
  const { t, i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { openUrl } = useTaskUrls();
  const [deleting, setDeleting] = useState<TestingTask | null>(null);
  const locale = i18n.resolvedLanguage ?? "en";
  const columns = useMemo(
    () => taskColumns({ t, locale, formatDateTime, openUrl, onDelete: canDelete ? setDeleting : undefined }),
    [t, locale, formatDateTime, openUrl, canDelete],
  );
  const exportTarget = useExportTarget(TESTING_RESOURCE, table, { path: testingTasksPath(applicationId) });
  return (
    <>
      <ListDataGrid
        {...table.dataGridProps}
        columns={columns}
        aria-label={t("testing.tab.gridLabel")}
        exportTarget={exportTarget}
        noRowsLabel={noRowsLabel}
        getRowHeight={() => "auto"}
        rowHref={(row: TestingTask) => openUrl(row)}
        sx={{ "& .MuiDataGrid-cell": { display: "flex", alignItems: "center", py: 1 } }}
      />
      {deleting && <DeleteTaskDialog task={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
