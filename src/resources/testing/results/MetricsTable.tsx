import { Box, Chip, Table, TableBody, TableCell, TableContainer, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { FairnessCategory, FairnessMetric } from "../../../../domain/entities/testing-task";
import { TableHeader } from "../../../components/layout/TableHeader";
import { FOUR_FIFTHS } from "./impact-ratio-bars";
import type { ResultFormats } from "./result-formats";

/** Each metric is reported as a ratio (min ÷ max) and a difference (max − min) of the same rates. */
const METRICS = ["demographic_parity", "equal_opportunity", "equalized_odds"] as const;
type Metric = (typeof METRICS)[number];
/** These compare true and false positive rates: without the actual outcomes (the label) there are none. */
const NEED_LABEL = new Set<Metric>(["equal_opportunity", "equalized_odds"]);

interface Props {
  category: FairnessCategory;
  label: string;
  /** Whether the actual outcomes were mapped, so a null rate-of-errors metric is undefined rather than missing. */
  hasLabel: boolean;
  formats: ResultFormats;
}

/** The parity and odds metrics of a category: ratio and difference side by side, each with its threshold and meaning. */
export function MetricsTable({ category, label, hasLabel, formats }: Props) {
  const { t } = useTranslation();
  const value = (metric: Metric, kind: "ratio" | "difference") => category.metrics[`${metric}_${kind}` as FairnessMetric] ?? null;
  const missing = (metric: Metric) => NEED_LABEL.has(metric) && !hasLabel && value(metric, "ratio") === null && value(metric, "difference") === null;
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <TableContainer>
        <Table size="small" aria-label={t("testing-results.metrics.label", { category: label })}>
          <TableHeader
            cells={[
              t("testing-results.metrics.metric"),
              { label: t("testing-results.metrics.ratio"), align: "right" },
              { label: t("testing-results.metrics.difference"), align: "right" },
              t("testing-results.metrics.meaning"),
            ]}
          />
          <TableBody>
            {METRICS.map((metric) => {
              const ratio = value(metric, "ratio");
              const difference = value(metric, "difference");
              return (
                <TableRow key={metric}>
                  <TableCell component="th" scope="row">
                    {t(`testing-results.metrics.names.${metric}`)}
                  </TableCell>
                  {missing(metric) ? (
                    <TableCell align="center" colSpan={2} sx={{ color: "text.secondary" }}>
                      {t("testing-results.metrics.needsLabel")}
                    </TableCell>
                  ) : (
                    <>
                      <TableCell align="right">
                        <Box sx={{ display: "inline-flex", gap: 1, alignItems: "center" }}>
                          {ratio !== null && ratio < FOUR_FIFTHS && <Chip size="small" color="error" label={t("testing-results.metrics.belowThreshold")} />}
                          {formats.ratio(ratio)}
                        </Box>
                      </TableCell>
                      <TableCell align="right">{formats.ratio(difference)}</TableCell>
                    </>
                  )}
                  <TableCell>{t(`testing-results.metrics.meanings.${metric}`)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="body2" color="text.secondary">
        {t("testing-results.metrics.ratioThreshold", { threshold: formats.ratio(FOUR_FIFTHS) })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t("testing-results.metrics.differenceMeaning")}
      </Typography>
    </Box>
  );
}
