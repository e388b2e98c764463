import { Link as RouterLink } from "react-router";
import { Box, Chip, IconButton, Link, Tooltip, Typography } from "@mui/material";
import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import type { GridColDef } from "@mui/x-data-grid";
import type { TFunction } from "i18next";
import type { TestingTask } from "../../../../domain/entities/testing-task";
import { TaskStatusChip } from "../TaskStatusChip";
import { formatRatio, lowestRatio, taskTitle } from "../task-text";

interface ColumnOptions {
  t: TFunction;
  locale: string;
  formatDateTime(iso: string): string;
  /** The page a row opens: the results when ready, else the status. */
  openUrl(task: TestingTask): string;
  /** Given to those who may delete: asks to delete a row's test. */
  onDelete?(task: TestingTask): void;
}

const none = (t: TFunction) => (
  <Typography variant="body2" color="text.secondary" component="span">
    {t("testing.summary.none")}
  </Typography>
);

/** What a finished run found, in a line: whether any group shows adverse impact, and the lowest impact ratio. */
function SummaryCell({ task, t, locale }: { task: TestingTask; t: TFunction; locale: string }) {
  if (!task.summary) return none(t);
  const { flagged, adverse_impact_groups } = task.summary;
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
      <Chip
        size="small"
        variant="outlined"
        color={flagged ? "warning" : "success"}
        label={flagged ? t("testing.summary.flagged", { count: adverse_impact_groups }) : t("testing.summary.clear")}
      />
      <Typography variant="body2" component="span">
        {t("testing.summary.lowest", { ratio: formatRatio(t, locale, lowestRatio(task.summary)) })}
      </Typography>
    </Box>
  );
}

/** The Testing tab's columns; only the start time sorts (the server's one sort key). */
export function taskColumns({ t, locale, formatDateTime, openUrl, onDelete }: ColumnOptions): GridColDef<TestingTask>[] {
  const columns: GridColDef<TestingTask>[] = [
    {
      field: "name",
      headerName: t("testing.columns.name"),
      flex: 1.3,
      minWidth: 130,
      sortable: false,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={openUrl(row)}>
          {taskTitle(t, row)}
        </Link>
      ),
    },
    { field: "data_source", headerName: t("testing.columns.dataSource"), flex: 1, minWidth: 120, sortable: false, valueFormatter: (value: string) => t(`testing.dataSources.${value}`) },
    { field: "status", headerName: t("testing.columns.status"), width: 110, sortable: false, renderCell: ({ row }) => <TaskStatusChip task={row} /> },
    { field: "started_by", headerName: t("testing.columns.startedBy"), flex: 0.8, minWidth: 110, sortable: false, valueGetter: (_value, row) => row.started_by.name },
    { field: "created_at", headerName: t("testing.columns.createdAt"), flex: 0.8, minWidth: 110, valueFormatter: (value: string) => formatDateTime(value) },
    { field: "summary", headerName: t("testing.columns.summary"), flex: 1.4, minWidth: 160, sortable: false, renderCell: ({ row }) => <SummaryCell task={row} t={t} locale={locale} /> },
  ];
  if (onDelete) {
    columns.push({
      field: "actions",
      headerName: t("testing.columns.actions"),
      width: 90,
      sortable: false,
      renderCell: ({ row }) => {
        const analyzing = row.status === "analyzing";
        return (
          <Tooltip title={analyzing ? t("testing.delete.analyzing") : t("testing.delete.button")}>
            {/* A disabled button fires no events: the span keeps the tooltip saying why. */}
            <span>
              <IconButton size="small" aria-label={t("testing.delete.label", { name: taskTitle(t, row) })} disabled={analyzing} onClick={() => onDelete(row)}>
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        );
      },
    });
  }
  return columns;
}
