import { useMemo, useState } from "react";
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from "@mui/material";
import ExpandMore from "@mui/icons-material/ExpandMore";
import { useTranslation } from "react-i18next";
import { useApplicationFrameworks } from "../../frameworks/framework-api";
import { ProgressBar } from "../../frameworks/ProgressBar";
import { useApplicationControls, useOwnerOptions } from "./control-api";
import { ControlDialog } from "./ControlDialog";
import { ControlRow } from "./ControlRow";
import { controlTotals, groupControls } from "./group-controls";
import { TableHeader } from "../../../components/layout/TableHeader";
import { ExportMenu } from "../../../components/data-grid/ExportMenu";

/** The application's Controls tab: what its frameworks ask, grouped by framework and requirement, and how each is met. */
export function ControlsTab({ applicationId, canEdit }: { applicationId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const controls = useApplicationControls(applicationId);
  const frameworks = useApplicationFrameworks(applicationId);
  const owners = useOwnerOptions(applicationId);
  const [open, setOpen] = useState<string | null>(null);
  const groups = useMemo(() => groupControls(frameworks.items, controls.items), [frameworks.items, controls.items]);
  const totals = useMemo(() => controlTotals(controls.items), [controls.items]);

  const refresh = () => {
    void controls.query.refetch();
    void frameworks.query.refetch();
  };

  const error = controls.query.error ?? frameworks.query.error;
  if (error) {
    return (
      <Alert severity="error" role="alert">
        {t("controls.loadFailed", { message: error.message })}
      </Alert>
    );
  }
  if (controls.query.isLoading || frameworks.query.isLoading) return <LinearProgress aria-label={t("controls.loading")} />;
  if (controls.items.length === 0) return <Alert severity="info">{t("controls.empty")}</Alert>;

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Stack direction="row" spacing={3} sx={{ flexWrap: "wrap" }} aria-label={t("controls.summary")}>
          <Typography>{t("controls.totals.total", { count: totals.total })}</Typography>
          <Typography>{t("controls.totals.done", { count: totals.done })}</Typography>
          <Typography color={totals.overdue ? "warning.main" : "text.secondary"}>{t("controls.totals.overdue", { count: totals.overdue })}</Typography>
          <Typography color={totals.expiredEvidence ? "error.main" : "text.secondary"}>{t("controls.totals.expired", { count: totals.expiredEvidence })}</Typography>
        </Stack>
        <ExportMenu target={{ path: `/applications/${applicationId}/controls` }} fallbackName="controls" />
      </Box>
      {groups.map((g, i) => (
        <Accordion key={g.framework.framework_id} defaultExpanded={i === 0} disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
          <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`controls-${g.framework.framework_id}`} id={`controls-${g.framework.framework_id}-header`}>
            <Stack direction={{ xs: "column", md: "row" }} spacing={2} sx={{ alignItems: { md: "center" }, width: "100%", pr: 2 }}>
              <Typography component="span" sx={{ fontWeight: 500, flexGrow: 1 }}>
                {g.framework.name} · {t("controls.controlCount", { count: g.controlCount })}
              </Typography>
              <ProgressBar progress={g.framework.progress} label={t("frameworks.progress.label", { name: g.framework.name })} />
            </Stack>
          </AccordionSummary>
          <AccordionDetails id={`controls-${g.framework.framework_id}`} sx={{ overflowX: "auto" }}>
            <Table size="small" aria-label={t("controls.tableLabel", { name: g.framework.name })}>
              <TableHeader
                cells={[
                  t("controls.control"),
                  t("controls.status"),
                  t("controls.owner"),
                  t("controls.dueDate"),
                  t("controls.evidenceColumn"),
                ]}
              />
              <TableBody>
                {g.requirements.flatMap((r) => [
                  <TableRow key={`req-${r.id}`}>
                    <TableCell component="th" scope="colgroup" colSpan={5} sx={{ bgcolor: "action.hover" }}>
                      <Typography variant="subtitle2">
                        {r.ref} — {r.title}
                      </Typography>
                    </TableCell>
                  </TableRow>,
                  ...r.controls.map((c) => (
                    <ControlRow
                      key={`${r.id}-${c.id}`}
                      applicationId={applicationId}
                      control={c}
                      owners={owners}
                      canEdit={canEdit}
                      onOpen={() => setOpen(c.id)}
                      onChanged={refresh}
                    />
                  )),
                ])}
              </TableBody>
            </Table>
          </AccordionDetails>
        </Accordion>
      ))}
      {open && <ControlDialog applicationId={applicationId} controlId={open} canEdit={canEdit} onClose={() => setOpen(null)} onChanged={refresh} />}
    </Box>
  );
}
