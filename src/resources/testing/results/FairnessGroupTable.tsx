import { Box, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { FairnessCategory, FairnessGroup } from "../../../../domain/entities/testing-task";
import { GroupTable, MarkChip, marksOf, type GroupFigure, type Mark } from "./GroupTable";
import type { ResultFormats } from "./result-formats";

interface Props {
  category: FairnessCategory;
  label: string;
  rateLabel: string;
  formats: ResultFormats;
}

/** A category's groups with their counts, rates (and how sure each is), impact ratios, p-values and flags. */
export function FairnessGroupTable({ category, label, rateLabel, formats }: Props) {
  const { t } = useTranslation();
  const markLabel = (mark: Mark) => t(`testing-results.marks.${mark}`);
  const shown = new Set(category.groups.flatMap((g) => marksOf(g, category.most_selected)));
  const anyUndefined = category.groups.some((g) => g.impact_ratio === null);
  const figures: GroupFigure<FairnessGroup>[] = [
    { heading: t("testing-results.table.count"), cell: (g) => formats.count(g.count) },
    { heading: t("testing-results.table.share"), cell: (g) => formats.percent(g.share) },
    { heading: rateLabel, cell: (g) => formats.percent(g.rate) },
    { heading: t("testing-results.table.ci"), cell: (g) => `${formats.percent(g.ci_low)} – ${formats.percent(g.ci_high)}`, nowrap: true },
    {
      heading: t("testing-results.table.impactRatio"),
      // A missing ratio says why: the group was left out, or there is no rate to compare with.
      cell: (g) => (g.impact_ratio === null ? t(g.excluded ? "testing-results.notAvailable.excluded" : "testing-results.notAvailable.noReference") : formats.ratio(g.impact_ratio)),
    },
    { heading: t("testing-results.table.pValue"), cell: (g) => formats.pValue(g.p_value), nowrap: true },
  ];
  return (
    <GroupTable label={t("testing-results.table.label", { category: label })} groups={category.groups} reference={category.most_selected} headings={[t("testing-results.table.group"), t("testing-results.table.flags")]} figures={figures} markLabel={markLabel}>
      <Box component="dl" aria-label={t("testing-results.legend.label", { category: label })} sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 1, rowGap: 0.5, alignItems: "center", m: 0 }}>
        {(["reference", "adverse", "small", "excluded"] as const)
          .filter((mark) => shown.has(mark))
          .map((mark) => (
            <Box key={mark} sx={{ display: "contents" }}>
              <Box component="dt">
                <MarkChip mark={mark} label={markLabel(mark)} />
              </Box>
              <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
                {t(`testing-results.legend.${mark}`)}
              </Typography>
            </Box>
          ))}
        {anyUndefined && (
          <>
            <Typography component="dt" variant="body2">
              {t("testing-results.undefined")}
            </Typography>
            <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
              {t("testing-results.legend.undefined")}
            </Typography>
          </>
        )}
        {(["ci", "pValue"] as const).map((column) => (
          <Box key={column} sx={{ display: "contents" }}>
            <Typography component="dt" variant="body2">
              {t(`testing-results.table.${column}`)}
            </Typography>
            <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
              {t(`testing-results.legend.${column}`)}
            </Typography>
          </Box>
        ))}
      </Box>
    </GroupTable>
  );
}
