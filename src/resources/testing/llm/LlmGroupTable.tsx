import { Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { LlmAttribute, LlmGroup } from "../../../../domain/entities/llm-results";
import { GroupTable, type GroupFigure } from "../results/GroupTable";
import type { ResultFormats } from "../results/result-formats";

/** An attribute's groups with their key figures: responses, refusals, sentiment, length and the favourable rate and ratio. */
export function LlmGroupTable({ attribute, label, formats }: { attribute: LlmAttribute; label: string; formats: ResultFormats }) {
  const { t } = useTranslation();
  const heading = (key: string) => t(`testing-llm.groups.${key}`);
  const figures: GroupFigure<LlmGroup>[] = [
    { heading: heading("responses"), cell: (g) => formats.count(g.responses) },
    { heading: heading("share"), cell: (g) => formats.percent(g.share) },
    { heading: heading("refusalRate"), cell: (g) => formats.percent(g.refusal_rate) },
    { heading: heading("meanSentiment"), cell: (g) => (g.mean_sentiment === null ? t("testing-llm.none") : formats.ratio(g.mean_sentiment)) },
    { heading: heading("meanWords"), cell: (g) => formats.score(Math.round(g.mean_words * 10) / 10) },
    { heading: heading("favourableRate"), cell: (g) => formats.percent(g.favourable_rate) },
    { heading: heading("favourableRatio"), cell: (g) => formats.ratio(g.favourable_ratio) },
  ];
  return (
    <GroupTable label={t("testing-llm.groups.label", { attribute: label })} groups={attribute.groups} reference={attribute.best_group} headings={[heading("group"), heading("marks")]} figures={figures} markLabel={(mark) => t(`testing-llm.marks.${mark === "reference" ? "best" : mark}`)}>
      <Box aria-label={t("testing-llm.legend.label", { attribute: label })} role="note">
        {(["favourable", "adverse", "small"] as const).map((key) => (
          <Typography key={key} variant="body2" color="text.secondary">
            {t(`testing-llm.legend.${key}`)}
          </Typography>
        ))}
      </Box>
    </GroupTable>
  );
}
