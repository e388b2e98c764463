import { Box } from "@mui/material";
import { LineChart } from "@mui/x-charts/LineChart";
import { ChartsReferenceLine } from "@mui/x-charts/ChartsReferenceLine";
import { useTranslation } from "react-i18next";
import { useFormatDateTime } from "../../../components/data-grid/grid-support";
import { categoryLabel, formatRatio } from "../task-text";
import type { Trend } from "./trend-series";

/** Under it a group's selection rate is less than four-fifths of the most-selected group's: adverse impact. */
const FOUR_FIFTHS = 0.8;

/** The trend as lines, one per category, with the four-fifths line. Loaded lazily with @mui/x-charts. */
export default function TrendChart({ trend }: { trend: Trend }) {
  const { t, i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const locale = i18n.resolvedLanguage ?? "en";
  const highest = Math.max(1, ...trend.series.flatMap((s) => s.values.filter((v): v is number => v !== null)));
  return (
    <Box role="figure" aria-label={t("testing.trend.title")}>
      <LineChart
        height={280}
        xAxis={[{ data: trend.dates, scaleType: trend.dates.length > 1 ? "time" : "point", valueFormatter: (value: Date) => formatDateTime(value.toISOString()) }]}
        yAxis={[{ min: 0, max: highest, label: t("testing.trend.axis") }]}
        series={trend.series.map((s) => ({
          data: s.values,
          label: categoryLabel(t, s.category),
          connectNulls: true,
          valueFormatter: (value: number | null) => formatRatio(t, locale, value),
        }))}
      >
        <ChartsReferenceLine y={FOUR_FIFTHS} label={t("testing.trend.threshold")} lineStyle={{ strokeDasharray: "6 4" }} />
      </LineChart>
    </Box>
  );
}
