import { lazy, Suspense, useMemo } from "react";
import { Alert, Box, Skeleton, Typography } from "@mui/material";
import ShowChartOutlined from "@mui/icons-material/ShowChartOutlined";
import { useTranslation } from "react-i18next";
import { SectionCard } from "../../../components/layout/SectionCard";
import { useTestingTasks } from "../task-api";
import { hasPoints, trendOf } from "./trend-series";

// @mui/x-charts is large: its own chunk, fetched once there is a run to draw.
const TrendChart = lazy(() => import("./TrendChart"));

/** The most runs the trend draws: the newest, which is years of annual audits and months of frequent ones. */
const TREND_RUNS = 200;
const READY = [{ field: "status", operator: "eq" as const, value: "ready" }];

/** How each category's lowest impact ratio moved across the application's ready runs, against the four-fifths line. */
export function TrendSection({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const { tasks, query } = useTestingTasks(applicationId, READY, TREND_RUNS);
  const trend = useMemo(() => trendOf(tasks), [tasks]);
  if (query.isLoading) return null;
  return (
    <SectionCard titleId="testing-trend-title" title={t("testing.trend.title")} gap={1}>
      <Typography variant="body2" color="text.secondary">
        {t("testing.trend.help")}
      </Typography>
      {query.error ? (
        <Alert severity="error">{t("testing.trend.loadFailed", { message: query.error.message })}</Alert>
      ) : !hasPoints(trend) ? (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, color: "text.secondary", py: 2 }}>
          <ShowChartOutlined aria-hidden />
          <Typography variant="body2">{trend.dates.length === 0 ? t("testing.trend.empty") : t("testing.trend.noRatios")}</Typography>
        </Box>
      ) : (
        <Suspense fallback={<Skeleton variant="rectangular" height={280} aria-label={t("testing.trend.loading")} sx={{ bgcolor: "transparent", borderBottom: 1, borderLeft: 1, borderColor: "divider" }} />}>
          <TrendChart trend={trend} />
        </Suspense>
      )}
    </SectionCard>
  );
}

