import { Box, useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { ChartsReferenceLine } from "@mui/x-charts/ChartsReferenceLine";
import { useTranslation } from "react-i18next";
import type { LlmAttribute } from "../../../../domain/entities/llm-results";
import { useResultFormats } from "../results/result-formats";
import { groupLabel } from "../task-text";

const BAR_HEIGHT = 32;
const AXES_HEIGHT = 56;

/**
 * An attribute's favourable-response rates and mean sentiments as horizontal bars, adverse groups in the error
 * colour. Loaded on its own: the charts library stays out of the route's first chunk.
 */
export default function LlmGroupCharts({ attribute, label }: { attribute: LlmAttribute; label: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const formats = useResultFormats();
  const groups = attribute.groups.map((g) => groupLabel(t, g.group));
  const colors = attribute.groups.map((g) => (g.adverse_impact ? theme.palette.error.main : g.small ? theme.palette.grey[500] : theme.palette.primary.main));
  const height = AXES_HEIGHT + BAR_HEIGHT * groups.length;
  const yAxis = [{ scaleType: "band" as const, data: groups, width: 160, colorMap: { type: "ordinal" as const, values: groups, colors } }];
  const charts = [
    { name: "favourable", figure: "favourableRate", min: 0, data: attribute.groups.map((g) => g.favourable_rate), format: (v: number) => formats.percent(v) },
    { name: "sentiment", figure: "meanSentiment", min: -1, data: attribute.groups.map((g) => g.mean_sentiment), format: (v: number) => formats.ratio(v) },
  ] as const;
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { md: "1fr 1fr" } }}>
      {charts.map((chart) => (
        <BarChart
          key={chart.name}
          role="img"
          aria-label={t(`testing-llm.charts.${chart.name}`, { attribute: label })}
          layout="horizontal"
          height={height}
          hideLegend
          yAxis={yAxis}
          xAxis={[{ min: chart.min, max: 1, label: t(`testing-llm.groups.${chart.figure}`), valueFormatter: chart.format }]}
          series={[{ data: [...chart.data], label: t(`testing-llm.groups.${chart.figure}`), valueFormatter: (v) => (v === null ? "" : chart.format(v)) }]}
        >
          {/* Sentiment runs from −1 to 1: the line at 0 parts negative from positive. */}
          {chart.min < 0 && <ChartsReferenceLine x={0} lineStyle={{ stroke: theme.palette.text.secondary }} />}
        </BarChart>
      ))}
    </Box>
  );
}
