import { Chip, Table, TableBody, TableCell, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { SnapshotChange } from "../../../../domain/approvals/compare";
import { TableHeader } from "../../../components/layout/TableHeader";
import { useChangeLabels, useValueText } from "./change-text";

/** The differences of a comparison, field by field: what it was, what it became. */
export function SnapshotChanges({ changes }: { changes: SnapshotChange[] }) {
  const { t } = useTranslation();
  const labels = useChangeLabels();
  const text = useValueText();
  if (changes.length === 0) return <Typography role="status">{t("approvals.compare.same")}</Typography>;
  return (
    <>
      <Typography role="status" variant="subtitle2">
        {t("approvals.compare.count", { count: changes.length })}
      </Typography>
      <Table size="small" aria-label={t("approvals.compare.tableLabel")}>
        <TableHeader cells={[t("approvals.changes.section"), t("approvals.changes.item"), t("approvals.changes.field"), t("approvals.changes.before"), t("approvals.changes.after")]} />
        <TableBody>
          {changes.map((change, index) => {
            const { section, item, field } = labels(change);
            return (
              <TableRow key={`${change.section}:${change.item?.id ?? ""}:${change.field ?? ""}:${index}`}>
                <TableCell>{section}</TableCell>
                <TableCell sx={{ overflowWrap: "anywhere" }}>{item ?? "—"}</TableCell>
                <TableCell>
                  {field ?? <Chip size="small" variant="outlined" color={change.kind === "added" ? "success" : "error"} label={t(`approvals.changes.${change.kind}`)} />}
                </TableCell>
                <TableCell sx={{ overflowWrap: "anywhere" }}>{change.kind === "added" ? "—" : text(change.before, change.field)}</TableCell>
                <TableCell sx={{ overflowWrap: "anywhere" }}>{change.kind === "removed" ? "—" : text(change.after, change.field)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </>
  );
}
