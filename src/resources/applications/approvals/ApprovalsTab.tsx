import { useState } from "react";
import { Alert, Box, Button, Chip, LinearProgress, MenuItem, Table, TableBody, TableCell, TableRow, TextField, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useFormatDateTime } from "../../../components/data-grid/grid-support";
import { TableHeader } from "../../../components/layout/TableHeader";
import { TierChip } from "../../../components/risk/TierChip";
import { useLocaleAreas } from "../../../i18n/use-all-areas";
import { useComparison, useSnapshots } from "./approvals-api";
import { SnapshotChanges } from "./SnapshotChanges";
import { SnapshotDialog } from "./SnapshotDialog";

/** The approval texts load with this tab only. */
const APPROVALS_AREAS = ["approvals"] as const;
const NOW = "current";

/** The application's approval history: a snapshot of every approval or rejection, each readable, any two compared. */
export function ApprovalsTab({ applicationId }: { applicationId: string }) {
  useLocaleAreas(APPROVALS_AREAS);
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { items, query } = useSnapshots(applicationId);
  const [open, setOpen] = useState<string | null>(null);
  const [from, setFrom] = useState<string>("");
  const [to, setTo] = useState<string>("");
  const [pair, setPair] = useState<{ from: string; to: string } | null>(null);
  const comparison = useComparison(applicationId, pair);

  if (query.isLoading) return <LinearProgress aria-label={t("approvals.loading")} />;
  if (query.error) {
    return (
      <Alert severity="error" role="alert">
        {t("approvals.loadFailed", { message: query.error.message })}
      </Alert>
    );
  }
  if (items.length === 0) return <Typography color="text.secondary">{t("approvals.empty")}</Typography>;

  // By default: the one before the latest with the latest, or the only one with the application now.
  const fromId = from || (items[1] ?? items[0]).id;
  const toId = to || (items.length > 1 ? items[0].id : NOW);
  const label = (id: string) => {
    const s = items.find((i) => i.id === id);
    return s ? `${t(`approvals.decisions.${s.decision}`)} · ${formatDateTime(s.decided_at)}` : t("approvals.compare.now");
  };

  return (
    <Box sx={{ display: "grid", gap: 2, maxWidth: 1100 }}>
      <Typography variant="body2" color="text.secondary">
        {t("approvals.help")}
      </Typography>
      <Table size="small" aria-label={t("approvals.listLabel")}>
        <TableHeader cells={[t("approvals.columns.decision"), t("approvals.columns.when"), t("approvals.columns.by"), t("approvals.columns.tier"), t("approvals.columns.sha256"), ""]} />
        <TableBody>
          {items.map((s) => (
            <TableRow key={s.id}>
              <TableCell>
                <Chip size="small" color={s.decision === "approved" ? "success" : "error"} label={t(`approvals.decisions.${s.decision}`)} />
              </TableCell>
              <TableCell>
                <time dateTime={s.decided_at}>{formatDateTime(s.decided_at)}</time>
              </TableCell>
              <TableCell>{s.decided_by.name}</TableCell>
              <TableCell>
                <TierChip tier={s.risk_tier} />
              </TableCell>
              <TableCell>
                <Box component="code" title={s.sha256} sx={{ fontFamily: "monospace", fontSize: 12 }}>
                  {s.sha256.slice(0, 12)}
                </Box>
              </TableCell>
              <TableCell>
                <Button size="small" aria-label={t("approvals.viewLabel", { when: formatDateTime(s.decided_at) })} onClick={() => setOpen(s.id)}>
                  {t("approvals.view")}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <Box component="form" aria-label={t("approvals.compare.title")} sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center" }} onSubmit={(e) => {
        e.preventDefault();
        setPair({ from: fromId, to: toId });
      }}>
        <Typography variant="subtitle1" component="h3" sx={{ width: "100%" }}>
          {t("approvals.compare.title")}
        </Typography>
        <TextField select size="small" label={t("approvals.compare.from")} value={fromId} onChange={(e) => setFrom(e.target.value)} sx={{ minWidth: 260 }}>
          {items.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {label(s.id)}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label={t("approvals.compare.to")} value={toId} onChange={(e) => setTo(e.target.value)} sx={{ minWidth: 260 }}>
          {items.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {label(s.id)}
            </MenuItem>
          ))}
          <MenuItem value={NOW}>{t("approvals.compare.now")}</MenuItem>
        </TextField>
        <Button type="submit" variant="contained" disabled={comparison.query.isFetching}>
          {t("approvals.compare.action")}
        </Button>
      </Box>
      {comparison.query.isFetching && <LinearProgress aria-label={t("approvals.compare.title")} />}
      {comparison.query.error && (
        <Alert severity="error" role="alert">
          {t("approvals.compare.failed", { message: comparison.query.error.message })}
        </Alert>
      )}
      {comparison.changes && !comparison.query.isFetching && <SnapshotChanges changes={comparison.changes} />}
      {open && <SnapshotDialog applicationId={applicationId} snapshotId={open} onClose={() => setOpen(null)} />}
    </Box>
  );
}
