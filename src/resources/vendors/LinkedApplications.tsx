import { useCallback, useMemo } from "react";
import { Link as RouterLink } from "react-router";
import { Chip, Link, Stack } from "@mui/material";
import type { GridColDef } from "@mui/x-data-grid";
import { useNavigation, type HttpError } from "@refinedev/core";
import { useDataGrid } from "@refinedev/mui";
import { useTranslation } from "react-i18next";
import type { LinkedApplication } from "../../../domain/entities/vendor";
import { ListDataGrid } from "../../components/data-grid/ListPage";
import { SectionCard } from "../../components/layout/SectionCard";
import { TierChip } from "../../components/risk/TierChip";
import { VENDORS_RESOURCE } from "./vendor-api";

/**
 * The applications (those the user can read) that use the vendor, with their tiers: paged, sorted and counted by
 * the server (GET /vendors/{id}/applications), since a vendor may serve thousands of a company's applications.
 */
export function LinkedApplications({ vendorId }: { vendorId: string }) {
  const { t } = useTranslation();
  const { showUrl } = useNavigation();
  const { dataGridProps } = useDataGrid<LinkedApplication, HttpError>({
    resource: VENDORS_RESOURCE,
    meta: { path: `${VENDORS_RESOURCE}/${vendorId}/applications` },
    sorters: { initial: [{ field: "name", order: "asc" }] },
    pagination: { pageSize: 10 },
    syncWithLocation: false,
    queryOptions: { retry: false },
    errorNotification: false,
  });
  const href = useCallback((a: LinkedApplication) => showUrl("applications", a.id), [showUrl]);
  const columns = useMemo<GridColDef<LinkedApplication>[]>(
    () => [
      {
        field: "name",
        headerName: t("vendors.detail.applicationColumns.name"),
        flex: 2,
        minWidth: 180,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={href(row)}>
            {row.name}
          </Link>
        ),
      },
      { field: "risk_tier", headerName: t("vendors.detail.applicationColumns.tier"), flex: 1, minWidth: 110, renderCell: ({ row }) => <TierChip tier={row.risk_tier} /> },
      {
        field: "uses",
        headerName: t("vendors.detail.applicationColumns.uses"),
        flex: 1.5,
        minWidth: 150,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={0.5}>
            {row.uses.map((use) => (
              <Chip key={use} size="small" variant="outlined" label={t(`vendors.detail.uses.${use}`)} />
            ))}
          </Stack>
        ),
      },
    ],
    [t, href],
  );
  return (
    <SectionCard titleId="vendor-applications-title" title={t("vendors.detail.applications")} gap={1.5}>
      <ListDataGrid
        {...dataGridProps}
        columns={columns}
        aria-labelledby="vendor-applications-title"
        noRowsLabel={t("vendors.detail.noApplications")}
        rowHref={href}
        // A grid item may shrink below the width it was first drawn at, so the page never scrolls sideways when narrowed.
      sx={{ minWidth: 0, "& .MuiDataGrid-cell": { display: "flex", alignItems: "center" } }}
      />
    </SectionCard>
  );
}
