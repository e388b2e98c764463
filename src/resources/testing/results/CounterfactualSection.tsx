import { Box, Table, TableBody, TableCell, TableContainer, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { Counterfactual } from "../../../../domain/entities/testing-task";
import { SectionCard } from "../../../components/layout/SectionCard";
import { TableHeader } from "../../../components/layout/TableHeader";
import type { ResultFormats } from "./result-formats";
import { categoryLabel } from "../task-text";

function AttributeTwins({ twins, formats }: { twins: Counterfactual; formats: ResultFormats }) {
  const { t } = useTranslation();
  const label = categoryLabel(t, twins.attribute);
  return (
    <Box component="section" aria-labelledby={`twins-${twins.attribute}`} sx={{ display: "grid", gap: 1 }}>
      <Typography id={`twins-${twins.attribute}`} variant="subtitle1" component="h3">
        {label}
      </Typography>
      <Typography variant="body2">
        {t("testing-results.counterfactual.summary", {
          count: twins.twin_sets,
          sets: formats.count(twins.twin_sets),
          rate: twins.flip_rate === null ? t("testing-results.undefined") : formats.percent(twins.flip_rate),
        })}
      </Typography>
      {twins.largest_gaps.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t("testing-results.counterfactual.gapsLabel", { attribute: label })}>
            <TableHeader
              cells={[t("testing-results.counterfactual.twinSet"), { label: t("testing-results.counterfactual.gap"), align: "right" }, t("testing-results.counterfactual.scores")]}
            />
            <TableBody>
              {twins.largest_gaps.map((set) => (
                <TableRow key={set.twin_set}>
                  <TableCell component="th" scope="row" sx={{ fontFamily: "monospace" }}>
                    {set.twin_set}
                  </TableCell>
                  <TableCell align="right">{formats.score(set.gap)}</TableCell>
                  <TableCell>
                    {Object.entries(set.scores)
                      .map(([group, score]) => `${group}: ${formats.score(score)}`)
                      .join(" · ")}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

/** Synthetic tests: how often changing only a protected attribute changed the model's decision, and the widest score gaps. */
export function CounterfactualSection({ counterfactual, formats }: { counterfactual: readonly Counterfactual[]; formats: ResultFormats }) {
  const { t } = useTranslation();
  return (
    <SectionCard titleId="results-counterfactual" title={t("testing-results.counterfactual.title")}>
      <Typography variant="body2" color="text.secondary">
        {t("testing-results.counterfactual.help")}
      </Typography>
      {counterfactual.map((twins) => (
        <AttributeTwins key={twins.attribute} twins={twins} formats={formats} />
      ))}
    </SectionCard>
  );
}
