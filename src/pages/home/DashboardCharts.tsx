import type { ReactNode } from "react";
import { Box, Card, CardContent, Typography, useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { PieChart } from "@mui/x-charts/PieChart";
import { useTranslation } from "react-i18next";
import { NOT_ASSESSED, type ApplicationMetrics } from "../../../domain/entities/application";
import { tierLevel } from "../../../domain/risk/levels";
import { RISK_TIERS, tierLabelKey } from "../../../domain/risk/tiers";
import { APPROVAL_STATUSES, approvalStatusLabelKey, DEVELOPMENT_STATUSES, developmentStatusLabelKey } from "../../../domain/workflow";
import { LEVEL_COLOURS } from "../../theme";
import type { FrameworkProgress } from "./dashboard-data";

const CHART_HEIGHT = 240;

function ChartCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

export interface DashboardChartsProps {
  metrics: ApplicationMetrics;
  /** Null while GET /frameworks is unavailable: the chart is left out. */
  frameworks: FrameworkProgress[] | null;
}

/** The portfolio in pictures: tiers in their colours, approval and development status, framework progress. Loaded lazily. */
export default function DashboardCharts({ metrics, frameworks }: DashboardChartsProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  // The tiers in the one palette of levels, each named with its count in the legend: readable without colour.
  const tiers = [...RISK_TIERS, null].map((tier) => {
    const value = metrics.by_risk_tier[tier ?? NOT_ASSESSED] ?? 0;
    return { id: tier ?? NOT_ASSESSED, label: t("dashboard.charts.tierCount", { tier: t(tierLabelKey(tier)), count: value }), value, color: LEVEL_COLOURS[tierLevel(tier)].fill };
  });
  const approval = APPROVAL_STATUSES.map((s) => ({ label: t(approvalStatusLabelKey(s)), value: metrics.by_approval_status[s] ?? 0 }));
  const development = DEVELOPMENT_STATUSES.map((s) => ({ label: t(developmentStatusLabelKey(s)), value: metrics.by_development_status[s] ?? 0 }));
  const counted = (label: string) => [{ dataKey: "value", label, color: theme.palette.primary.main }];

  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "repeat(2, minmax(0, 1fr))" } }}>
      <ChartCard id="dashboard-chart-tiers" title={t("dashboard.charts.tiers")}>
        <PieChart
          height={CHART_HEIGHT}
          series={[{ data: tiers.filter((d) => d.value > 0), innerRadius: 50, paddingAngle: 1, cornerRadius: 3 }]}
          // A dark edge on every slice: the light ones (medium, not assessed) stand out from the white card too.
          sx={{ "& .MuiPieArc-root": { stroke: "#374151", strokeWidth: 1 } }}
        />
      </ChartCard>
      <ChartCard id="dashboard-chart-approval" title={t("dashboard.charts.approval")}>
        <BarChart
          height={CHART_HEIGHT}
          layout="horizontal"
          dataset={approval}
          yAxis={[{ scaleType: "band", dataKey: "label", width: 130 }]}
          xAxis={[{ tickMinStep: 1 }]}
          series={counted(t("dashboard.charts.applications"))}
          hideLegend
        />
      </ChartCard>
      <ChartCard id="dashboard-chart-development" title={t("dashboard.charts.development")}>
        <BarChart
          height={CHART_HEIGHT}
          layout="horizontal"
          dataset={development}
          yAxis={[{ scaleType: "band", dataKey: "label", width: 130 }]}
          xAxis={[{ tickMinStep: 1 }]}
          series={counted(t("dashboard.charts.applications"))}
          hideLegend
        />
      </ChartCard>
      {frameworks && (
        <ChartCard id="dashboard-chart-frameworks" title={t("dashboard.charts.frameworks")}>
          {frameworks.length === 0 ? (
            <Typography color="text.secondary">{t("dashboard.charts.frameworksEmpty")}</Typography>
          ) : (
            <BarChart
              height={CHART_HEIGHT}
              layout="horizontal"
              dataset={frameworks.map((f) => ({ label: f.short_name, value: Math.round(f.progress.progress * 100) }))}
              yAxis={[{ scaleType: "band", dataKey: "label", width: 130 }]}
              xAxis={[{ min: 0, max: 100 }]}
              series={[{ dataKey: "value", label: t("dashboard.charts.progress"), color: theme.palette.success.main, valueFormatter: (v) => `${v ?? 0}%` }]}
              hideLegend
            />
          )}
        </ChartCard>
      )}
    </Box>
  );
}
