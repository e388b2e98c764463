import { Box, Chip, Table, TableBody, TableCell, TableContainer, TableRow, Typography, alpha } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { LlmAttribute, LlmGroup } from "../../../../domain/entities/llm-results";
import { TableHeader } from "../../../components/layout/TableHeader";
import type { ResultFormats } from "../results/result-formats";

type Mark = "best" | "adverse" | "small" | "excluded";

const CHIP_PROPS: Record<Mark, { color: "default" | "error" | "warning" | "info"; variant: "filled" | "outlined" }> = {
  best: { color: "info", variant: "outlined" },
  adverse: { color: "error", variant: "filled" },
  small: { color: "warning", variant: "outlined" },
  excluded: { color: "default", variant: "filled" },
};

export function llmMarks(group: LlmGroup, best: string | null): Mark[] {
  const marks: Mark[] = [];
  if (group.group === best) marks.push("best");
  if (group.adverse_impact) marks.push("adverse");
  // An excluded group is small by definition: its own mark says more.
  if (group.excluded) marks.push("excluded");
  else if (group.small) marks.push("small");
  return marks;
}

/** An attribute's groups with their key figures: responses, refusals, sentiment, length and the favourable rate and ratio. */
export function LlmGroupTable({ attribute, label, formats }: { attribute: LlmAttribute; label: string; formats: ResultFormats }) {
  const { t } = useTranslation();
  const number = (value: number | null) => (value === null ? t("testing-llm.none") : formats.ratio(value));
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <TableContainer>
        <Table size="small" aria-label={t("testing-llm.groups.label", { attribute: label })}>
          <TableHeader
            cells={[
              t("testing-llm.groups.group"),
              ...(["responses", "share", "refusalRate", "meanSentiment", "meanWords", "favourableRate", "favourableRatio"] as const).map((key) => ({
                label: t(`testing-llm.groups.${key}`),
                align: "right" as const,
              })),
              t("testing-llm.groups.marks"),
            ]}
          />
          <TableBody>
            {attribute.groups.map((group) => (
              <TableRow
                key={group.group}
                sx={[
                  group.excluded && { bgcolor: "action.hover", "& td": { color: "text.secondary" } },
                  group.small && { "& td": { fontStyle: "italic" } },
                  group.adverse_impact && { bgcolor: (theme) => alpha(theme.palette.error.main, 0.06), "& td:first-of-type": { borderLeft: 3, borderLeftColor: "error.main" } },
                ]}
              >
                <TableCell component="th" scope="row" sx={{ overflowWrap: "anywhere" }}>
                  {group.group}
                </TableCell>
                <TableCell align="right">{formats.count(group.responses)}</TableCell>
                <TableCell align="right">{formats.percent(group.share)}</TableCell>
                <TableCell align="right">{formats.percent(group.refusal_rate)}</TableCell>
                <TableCell align="right">{number(group.mean_sentiment)}</TableCell>
                <TableCell align="right">{formats.score(Math.round(group.mean_words * 10) / 10)}</TableCell>
                <TableCell align="right">{formats.percent(group.favourable_rate)}</TableCell>
                <TableCell align="right">{formats.ratio(group.favourable_ratio)}</TableCell>
                <TableCell>
                  <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
                    {llmMarks(group, attribute.best_group).map((mark) => (
                      <Chip key={mark} size="small" label={t(`testing-llm.marks.${mark}`)} {...CHIP_PROPS[mark]} />
                    ))}
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box aria-label={t("testing-llm.legend.label", { attribute: label })} role="note">
        {(["favourable", "adverse", "small"] as const).map((key) => (
          <Typography key={key} variant="body2" color="text.secondary">
            {t(`testing-llm.legend.${key}`)}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
