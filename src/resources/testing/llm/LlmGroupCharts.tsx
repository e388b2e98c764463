import { Box, useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { ChartsReferenceLine } from "@mui/x-charts/ChartsReferenceLine";
import { useTranslation } from "react-i18next";
import type { LlmAttribute } from "../../../../domain/entities/llm-results";
import { useResultFormats } from "../results/result-formats";

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
  const groups = attribute.groups.map((g) => g.group);
  const colors = attribute.groups.map((g) => (g.adverse_impact ? theme.palette.error.main : g.small ? theme.palette.grey[500] : theme.palette.primary.main));
  const height = AXES_HEIGHT + BAR_HEIGHT * groups.length;
  const yAxis = [{ scaleType: "band" as const, data: groups, width: 160, colorMap: { type: "ordinal" as const, values: groups, colors } }];
  const favourableLabel = t("testing-llm.charts.favourable", { attribute: label });
  const sentimentLabel = t("testing-llm.charts.sentiment", { attribute: label });
  return (
    <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { md: "1fr 1fr" } }}>
      <BarChart
        role="img"
        aria-label={favourableLabel}
        layout="horizontal"
        height={height}
        hideLegend
        yAxis={yAxis}
        xAxis={[{ min: 0, max: 1, label: t("testing-llm.groups.favourableRate"), valueFormatter: (v: number) => formats.percent(v) }]}
        series={[{ data: attribute.groups.map((g) => g.favourable_rate), label: t("testing-llm.groups.favourableRate"), valueFormatter: (v) => (v === null ? "" : formats.percent(v)) }]}
      />
      <BarChart
        role="img"
        aria-label={sentimentLabel}
        layout="horizontal"
        height={height}
        hideLegend
        yAxis={yAxis}
        xAxis={[{ min: -1, max: 1, label: t("testing-llm.groups.meanSentiment"), valueFormatter: (v: number) => formats.ratio(v) }]}
        series={[{ data: attribute.groups.map((g) => g.mean_sentiment), label: t("testing-llm.groups.meanSentiment"), valueFormatter: (v) => formats.ratio(v) }]}
      >
        <ChartsReferenceLine x={0} lineStyle={{ stroke: theme.palette.text.secondary }} />
      </BarChart>
    </Box>
  );
}
