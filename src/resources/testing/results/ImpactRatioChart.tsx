import { useTheme } from "@mui/material";
import { BarChart } from "@mui/x-charts/BarChart";
import { ChartsReferenceLine } from "@mui/x-charts/ChartsReferenceLine";
import { useTranslation } from "react-i18next";
import type { FairnessGroup } from "../../../../domain/entities/testing-task";
import { FOUR_FIFTHS, impactRatioBars } from "./impact-ratio-bars";
import { useResultFormats } from "./result-formats";

const BAR_HEIGHT = 32;
const AXES_HEIGHT = 56;

/**
 * A category's impact ratios as horizontal bars (long intersectional group names stay readable), with the
 * four-fifths line. Loaded on its own: the charts library stays out of the route's first chunk.
 */
export default function ImpactRatioChart({ groups, label }: { groups: readonly FairnessGroup[]; label: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const formats = useResultFormats();
  const bars = impactRatioBars(groups, {
    adverse: theme.palette.error.main,
    small: theme.palette.grey[500],
    fine: theme.palette.primary.main,
  });
  return (
    <BarChart
      role="img"
      aria-label={label}
      layout="horizontal"
      height={AXES_HEIGHT + BAR_HEIGHT * bars.groups.length}
      hideLegend
      yAxis={[{ scaleType: "band", data: bars.groups, width: 160, colorMap: { type: "ordinal", values: bars.groups, colors: bars.colors } }]}
      xAxis={[{ min: 0, max: 1, label: t("testing-results.table.impactRatio"), valueFormatter: (v: number) => formats.ratio(v) }]}
      series={[{ data: bars.ratios, label: t("testing-results.table.impactRatio"), valueFormatter: (v) => formats.ratio(v) }]}
    >
      <ChartsReferenceLine x={FOUR_FIFTHS} label={formats.ratio(FOUR_FIFTHS)} lineStyle={{ stroke: theme.palette.error.main, strokeDasharray: "6 4" }} labelAlign="start" />
    </BarChart>
  );
}
