import { lazy, Suspense } from "react";
import { Alert, Box, Skeleton, Typography } from "@mui/material";
import { useGetIdentity } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import type { CurrentUser } from "../../../domain/access/current-user";
import { AwaitingList, RecentList, UpcomingReviewsList } from "./ApplicationLists";
import { EmptyDashboard } from "./EmptyDashboard";
import { SummaryCards } from "./SummaryCards";
import { useApplicationsBy, useAwaiting, useFrameworkProgress, useMetrics } from "./dashboard-data";

// @mui/x-charts is large: its own chunk, fetched once there is something to draw.
const DashboardCharts = lazy(() => import("./DashboardCharts"));

/** /dashboard and /: the state of the user's AI portfolio and what they must do next, by their roles. */
export default function HomePage() {
  const { t } = useTranslation();
  const { data: user } = useGetIdentity<CurrentUser>();
  const { query: metricsQuery } = useMetrics();
  const metrics = metricsQuery.data?.data;
  const awaiting = useAwaiting(user);
  const upcoming = useApplicationsBy("next_review_due", "asc");
  const recent = useApplicationsBy("updated_at", "desc");
  const frameworks = useFrameworkProgress();
  const failed = (isError: boolean) => (isError ? t("dashboard.lists.loadFailed") : null);

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box>
        <Typography variant="h5" component="h1">
          {user ? t("dashboard.welcomeName", { name: user.first_name }) : t("common.welcome")}
        </Typography>
        <Typography color="text.secondary">{t("dashboard.subtitle")}</Typography>
      </Box>
      {metricsQuery.isError ? (
        <Alert severity="error">{t("dashboard.loadFailed", { message: metricsQuery.error?.message ?? "" })}</Alert>
      ) : metrics?.total === 0 ? (
        <EmptyDashboard />
      ) : (
        <>
          <SummaryCards metrics={metrics} awaiting={!user ? undefined : awaiting.applies ? (awaiting.isLoading ? undefined : (awaiting.count ?? 0)) : null} />
          {metrics ? (
            <Suspense fallback={<Skeleton variant="rounded" height={280} aria-label={t("dashboard.charts.loading")} />}>
              <DashboardCharts metrics={metrics} frameworks={frameworks.available ? frameworks.items : null} />
            </Suspense>
          ) : (
            <Skeleton variant="rounded" height={280} />
          )}
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", lg: `repeat(${awaiting.applies ? 3 : 2}, minmax(0, 1fr))` }, alignItems: "start" }}>
            {awaiting.applies && <AwaitingList items={awaiting.items} isLoading={awaiting.isLoading} error={failed(awaiting.isError)} />}
            <UpcomingReviewsList items={upcoming.items} isLoading={upcoming.isLoading} error={failed(upcoming.isError)} />
            <RecentList items={recent.items} isLoading={recent.isLoading} error={failed(recent.isError)} />
          </Box>
        </>
      )}
    </Box>
  );
}
