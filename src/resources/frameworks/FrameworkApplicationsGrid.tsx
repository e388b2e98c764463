import { useCallback, useMemo } from "react";
import { Link as RouterLink } from "react-router";
import { Link } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import type { HttpError } from "@refinedev/core";
import { useDataGrid } from "@refinedev/mui";
import { useTranslation } from "react-i18next";
import type { FrameworkApplicationProgress } from "../../../domain/entities/framework";
import { ListDataGrid } from "../../components/data-grid/ListPage";
import { TierChip } from "../../components/risk/TierChip";
import { useResourceUrl } from "../links";
import { FRAMEWORKS_RESOURCE } from "./framework-api";
import { ProgressBar } from "./ProgressBar";

/**
 * The applications a framework applies to, with their progress under it: paged, sorted and counted by the server
 * (GET /frameworks/{id}/applications), so a company with a hundred thousand applications loads one page.
 */
export function FrameworkApplicationsGrid({ frameworkId, labelledBy }: { frameworkId: string; labelledBy: string }) {
  const { t } = useTranslation();
  const resourceUrl = useResourceUrl();
  const { dataGridProps } = useDataGrid<FrameworkApplicationProgress, HttpError>({
    resource: FRAMEWORKS_RESOURCE,
    meta: { path: `${FRAMEWORKS_RESOURCE}/${frameworkId}/applications` },
    sorters: { initial: [{ field: "name", order: "asc" }] },
    pagination: { pageSize: 25 },
    syncWithLocation: false,
    queryOptions: { retry: false },
    errorNotification: false,
  });
  const href = useCallback((a: FrameworkApplicationProgress) => resourceUrl("applications", "show", { id: a.id }, { tab: "controls" }), [resourceUrl]);
  const columns = useMemo<GridColDef<FrameworkApplicationProgress>[]>(
    () => [
      {
        field: "name",
        headerName: t("frameworks.detail.application"),
        flex: 2,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={href(row)}>
            {row.name}
          </Link>
        ),
      },
      { field: "risk_tier", headerName: t("frameworks.detail.tier"), flex: 1, minWidth: 120, renderCell: ({ row }) => <TierChip tier={row.risk_tier} /> },
      {
        field: "progress",
        headerName: t("frameworks.detail.progress"),
        flex: 2,
        minWidth: 220,
        renderCell: ({ row }) => <ProgressBar progress={row} label={t("frameworks.detail.progressOf", { name: row.name })} />,
      },
    ],
    [t, href],
  );
  return (
    <ListDataGrid
      {...dataGridProps}
      columns={columns}
      aria-labelledby={labelledBy}
      noRowsLabel={t("frameworks.detail.noApplications")}
      rowHref={href}
      // A grid item may shrink below the width it was first drawn at, so the page never scrolls sideways when narrowed.
      sx={{ minWidth: 0, "& .MuiDataGrid-cell": { display: "flex", alignItems: "center" } }}
    />
  );
}
