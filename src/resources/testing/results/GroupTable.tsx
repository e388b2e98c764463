import { Box, Chip, Table, TableBody, TableCell, TableContainer, TableRow, Typography, alpha } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { FairnessCategory, FairnessGroup } from "../../../../domain/entities/testing-task";
import { TableHeader } from "../../../components/layout/TableHeader";
import type { ResultFormats } from "./result-formats";

/** The marks a group's row can carry, each explained in the legend under the table when it appears. */
type Mark = "reference" | "adverse" | "small" | "excluded";

const CHIP_PROPS: Record<Mark, { color: "default" | "error" | "warning" | "info"; variant: "filled" | "outlined" }> = {
  reference: { color: "info", variant: "outlined" },
  adverse: { color: "error", variant: "filled" },
  small: { color: "warning", variant: "outlined" },
  excluded: { color: "default", variant: "filled" },
};

function marksOf(group: FairnessGroup, mostSelected: string | null): Mark[] {
  const marks: Mark[] = [];
  if (group.group === mostSelected) marks.push("reference");
  if (group.adverse_impact) marks.push("adverse");
  // An excluded group is small by definition: its own mark says more.
  if (group.excluded) marks.push("excluded");
  else if (group.small) marks.push("small");
  return marks;
}

export function MarkChip({ mark }: { mark: Mark }) {
  const { t } = useTranslation();
  return <Chip size="small" label={t(`testing-results.marks.${mark}`)} {...CHIP_PROPS[mark]} />;
}

interface Props {
  category: FairnessCategory;
  label: string;
  rateLabel: string;
  formats: ResultFormats;
}

/** A category's groups with their counts, rates (and how sure each is), impact ratios, p-values and flags. */
export function GroupTable({ category, label, rateLabel, formats }: Props) {
  const { t } = useTranslation();
  const rows = category.groups.map((group) => ({ group, marks: marksOf(group, category.most_selected) }));
  const shown = new Set(rows.flatMap((r) => r.marks));
  const anyUndefined = category.groups.some((g) => g.impact_ratio === null);
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <TableContainer>
        <Table size="small" aria-label={t("testing-results.table.label", { category: label })}>
          <TableHeader
            cells={[
              t("testing-results.table.group"),
              { label: t("testing-results.table.count"), align: "right" },
              { label: t("testing-results.table.share"), align: "right" },
              { label: rateLabel, align: "right" },
              { label: t("testing-results.table.ci"), align: "right" },
              { label: t("testing-results.table.impactRatio"), align: "right" },
              { label: t("testing-results.table.pValue"), align: "right" },
              t("testing-results.table.flags"),
            ]}
          />
          <TableBody>
            {rows.map(({ group, marks }) => (
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
                <TableCell align="right">{formats.count(group.count)}</TableCell>
                <TableCell align="right">{formats.percent(group.share)}</TableCell>
                <TableCell align="right">{formats.percent(group.rate)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {formats.percent(group.ci_low)} – {formats.percent(group.ci_high)}
                </TableCell>
                <TableCell align="right">
                  {group.impact_ratio === null ? t(group.excluded ? "testing-results.notAvailable.excluded" : "testing-results.notAvailable.noReference") : formats.ratio(group.impact_ratio)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                  {formats.pValue(group.p_value)}
                </TableCell>
                <TableCell>
                  <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
                    {marks.map((mark) => (
                      <MarkChip key={mark} mark={mark} />
                    ))}
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box component="dl" aria-label={t("testing-results.legend.label", { category: label })} sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 1, rowGap: 0.5, alignItems: "center", m: 0 }}>
        {(["reference", "adverse", "small", "excluded"] as const)
          .filter((mark) => shown.has(mark))
          .map((mark) => (
            <Box key={mark} sx={{ display: "contents" }}>
              <Box component="dt">
                <MarkChip mark={mark} />
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
    </Box>
  );
}
