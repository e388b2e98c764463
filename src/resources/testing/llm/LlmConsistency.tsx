import { Box, Table, TableBody, TableCell, TableContainer, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { LlmConsistency as Consistency } from "../../../../domain/entities/llm-results";
import { TableHeader } from "../../../components/layout/TableHeader";
import type { ResultFormats } from "../results/result-formats";
import { groupLabel } from "../task-text";

/** How consistently the variants of a prompt were treated across the attribute's groups, and the sentiment bias per pair. */
export function LlmConsistency({ consistency: c, label, formats }: { consistency: Consistency; label: string; formats: ResultFormats }) {
  const { t } = useTranslation();
  const figures: [string, string][] = [
    ["promptsCompared", formats.count(c.prompts_compared)],
    ["singleVariant", formats.count(c.prompts_single_variant)],
    ["duplicates", formats.count(c.duplicate_variants)],
    ["refusalDisagreement", c.refusal_disagreement_rate === null ? t("testing-llm.none") : formats.percent(c.refusal_disagreement_rate)],
    ["meanSentimentGap", formats.ratio(c.mean_sentiment_gap)],
    ["meanSimilarity", formats.ratio(c.mean_similarity)],
    ["pairsCompared", formats.count(c.pairs_compared)],
  ];
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <Box component="dl" aria-label={t("testing-llm.consistency.label", { attribute: label })} sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 0.5, m: 0 }}>
        {figures.map(([key, value]) => (
          <Box key={key} sx={{ display: "contents" }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {t(`testing-llm.consistency.${key}`)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {c.sentiment_wasserstein.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={`${t("testing-llm.consistency.pairs")} — ${label}`}>
            <TableHeader
              cells={[
                t("testing-llm.consistency.pair"),
                { label: t("testing-llm.consistency.prompts"), align: "right" },
                { label: t("testing-llm.consistency.strict"), align: "right" },
                { label: t("testing-llm.consistency.weak"), align: "right" },
              ]}
            />
            <TableBody>
              {c.sentiment_wasserstein.map((pair) => (
                <TableRow key={`${pair.group_a}\u0000${pair.group_b}`}>
                  <TableCell component="th" scope="row">
                    {groupLabel(t, pair.group_a)} / {groupLabel(t, pair.group_b)}
                  </TableCell>
                  <TableCell align="right">{formats.count(pair.prompts)}</TableCell>
                  <TableCell align="right">{formats.ratio(pair.strict)}</TableCell>
                  <TableCell align="right">{formats.ratio(pair.weak)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
