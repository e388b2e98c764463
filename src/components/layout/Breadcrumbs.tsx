import { Link as RouterLink } from "react-router";
import { Breadcrumbs as MuiBreadcrumbs, Link, Typography } from "@mui/material";
import { useCallback } from "react";
import { useResourceParams } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { useCrumbs } from "./use-crumbs";

/** The top bar's trail (and, through useCrumbs, the browser title). */
export function Breadcrumbs() {
  const { t } = useTranslation();
  // A resource's list route is labelled as its menu item.
  const { resources } = useResourceParams();
  const resourceLabel = useCallback(
    (segment: string) => resources.find((r) => r.list === `/${segment}`)?.meta?.label as string | undefined,
    [resources],
  );
  const crumbs = useCrumbs(resourceLabel);
  return (
    <MuiBreadcrumbs aria-label={t("layout.breadcrumbs.label")} sx={{ minWidth: 0, "& ol": { flexWrap: "nowrap" } }}>
      {crumbs.map((crumb, i) =>
        i === crumbs.length - 1 ? (
          <Typography key={crumb.href} color="text.primary" noWrap aria-current="page">
            {crumb.label}
          </Typography>
        ) : (
          <Link key={crumb.href} component={RouterLink} to={crumb.href} underline="hover" color="inherit" noWrap>
            {crumb.label}
          </Link>
        ),
      )}
    </MuiBreadcrumbs>
  );
}
