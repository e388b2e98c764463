import type { ReactNode } from "react";
import { Box, Chip, Table, TableBody, TableCell, TableContainer, TableRow, alpha } from "@mui/material";
import { useTranslation } from "react-i18next";
import { TableHeader } from "../../../components/layout/TableHeader";
import { groupLabel } from "../task-text";

/** The marks a group's row can carry: the group the others are compared with, a flag, or why it is not flagged. */
export type Mark = "reference" | "adverse" | "small" | "excluded";

const CHIP_PROPS: Record<Mark, { color: "default" | "error" | "warning" | "info"; variant: "filled" | "outlined" }> = {
  reference: { color: "info", variant: "outlined" },
  adverse: { color: "error", variant: "filled" },
  small: { color: "warning", variant: "outlined" },
  excluded: { color: "default", variant: "filled" },
};

/** How a group was judged, whatever the test measured. */
export interface JudgedGroup {
  group: string;
  excluded: boolean;
  small: boolean;
  adverse_impact: boolean;
}

export function marksOf(group: JudgedGroup, reference: string | null): Mark[] {
  const marks: Mark[] = [];
  if (group.group === reference) marks.push("reference");
  if (group.adverse_impact) marks.push("adverse");
  // An excluded group is small by definition: its own mark says more.
  if (group.excluded) marks.push("excluded");
  else if (group.small) marks.push("small");
  return marks;
}

export function MarkChip({ mark, label }: { mark: Mark; label: string }) {
  return <Chip size="small" label={label} {...CHIP_PROPS[mark]} />;
}

/** A figure of each group: its heading and cell (numbers are right-aligned). */
export interface GroupFigure<G> {
  heading: string;
  cell(group: G): ReactNode;
  /** Keep the cell on one line (an interval, a p-value). */
  nowrap?: boolean;
}

interface Props<G extends JudgedGroup> {
  /** The table's accessible name. */
  label: string;
  groups: readonly G[];
  /** The group the others are compared with (the most selected, the best answered). */
  reference: string | null;
  /** The headings of the first column (the group) and the last (its marks). */
  headings: readonly [group: string, marks: string];
  figures: readonly GroupFigure<G>[];
  markLabel(mark: Mark): string;
  /** How to read the table, under it. */
  children?: ReactNode;
}

/**
 * The groups of one protected attribute with their figures and marks, the same for every kind of test: an excluded
 * group greyed, a small one in italics, one with adverse impact tinted and marked at its edge.
 */
export function GroupTable<G extends JudgedGroup>({ label, groups, reference, headings, figures, markLabel, children }: Props<G>) {
  const { t } = useTranslation();
  const [groupHeading, marksHeading] = headings;
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHeader cells={[groupHeading, ...figures.map((f) => ({ label: f.heading, align: "right" as const })), marksHeading]} />
          <TableBody>
            {groups.map((group) => (
              <TableRow
                key={group.group}
                sx={[
                  group.excluded && { bgcolor: "action.hover", "& td": { color: "text.secondary" } },
                  group.small && { "& td": { fontStyle: "italic" } },
                  group.adverse_impact && { bgcolor: (theme) => alpha(theme.palette.error.main, 0.06), "& td:first-of-type": { borderLeft: 3, borderLeftColor: "error.main" } },
                ]}
              >
                <TableCell component="th" scope="row" sx={{ overflowWrap: "anywhere" }}>
                  {groupLabel(t, group.group)}
                </TableCell>
                {figures.map((figure) => (
                  <TableCell key={figure.heading} align="right" sx={figure.nowrap ? { whiteSpace: "nowrap" } : undefined}>
                    {figure.cell(group)}
                  </TableCell>
                ))}
                <TableCell>
                  <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
                    {marksOf(group, reference).map((mark) => (
                      <MarkChip key={mark} mark={mark} label={markLabel(mark)} />
                    ))}
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {children}
    </Box>
  );
}
