import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Table, TableBody, TableCell, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { ApprovalSnapshot } from "../../../../domain/approvals/snapshot";
import { ruleReasonKey, type RuleId } from "../../../../domain/risk";
import { useFormatDateTime } from "../../../components/data-grid/grid-support";
import { BulletList } from "../../../components/risk/BulletList";
import { DescriptorList } from "../../../components/risk/DescriptorList";
import { TierChip } from "../../../components/risk/TierChip";
import { useSnapshot } from "./approvals-api";
import { useValueText } from "./change-text";

const mono = { fontFamily: "monospace", fontSize: 12, overflowWrap: "anywhere" } as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ display: "grid", gap: 0.5 }}>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function SnapshotBody({ snapshot }: { snapshot: ApprovalSnapshot }) {
  const { t, i18n } = useTranslation();
  const text = useValueText();
  const { content } = snapshot;
  const none = <Typography color="text.secondary">{t("approvals.snapshot.none")}</Typography>;
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Typography variant="body2">
        {t("approvals.snapshot.by", { name: content.decided_by.name, from: t(`workflow.approvalStatuses.${content.application.decided_from}`) })}
      </Typography>
      <Box>
        <TierChip tier={content.classification.risk_tier} />
      </Box>
      <Section title={t("approvals.snapshot.rules")}>
        {content.classification.rules_fired.length ? <BulletList items={content.classification.rules_fired.map((r) => ({ key: r, text: t(ruleReasonKey(r as RuleId)) }))} /> : none}
      </Section>
      <Section title={t("approvals.snapshot.descriptors")}>
        <DescriptorList compact descriptors={content.classification.risk_descriptors} emptyText={t("approvals.snapshot.none")} aria-label={t("approvals.snapshot.descriptors")} />
      </Section>
      <Section title={t("approvals.snapshot.vendors")}>
        {content.vendors.length ? <BulletList items={content.vendors.map((v) => ({ key: v.id, text: `${v.name} (${v.risk_level})` }))} /> : none}
      </Section>
      <Section title={t("approvals.snapshot.controls")}>
        <Table size="small" aria-label={t("approvals.snapshot.controls")}>
          <TableBody>
            {content.controls.map((c) => (
              <TableRow key={c.control_id}>
                <TableCell sx={{ verticalAlign: "top", width: "40%" }}>
                  {c.control_id} {c.name}
                </TableCell>
                <TableCell sx={{ verticalAlign: "top" }}>{t(`controls.statuses.${c.status}`)}</TableCell>
                <TableCell>
                  {c.evidence.map((e) => (
                    <Box key={e.id} sx={{ mb: 0.5 }}>
                      <div>{e.name}</div>
                      <Box sx={mono}>{e.kind === "file" ? (e.sha256 ?? t("approvals.snapshot.notUploaded")) : e.url}</Box>
                    </Box>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
      <Section title={t("approvals.snapshot.tests")}>
        {content.tests.length
          ? content.tests.map((test) => (
              <Box key={test.id}>
                <div>{test.name ?? test.data_source}</div>
                <Box sx={mono}>{test.results_sha256}</Box>
              </Box>
            ))
          : none}
      </Section>
      <Section title={t("approvals.snapshot.answers")}>
        <Table size="small" aria-label={t("approvals.snapshot.answers")}>
          <TableBody>
            {Object.entries(content.answers).map(([question, answer]) => (
              <TableRow key={question}>
                <TableCell component="th" scope="row" sx={{ width: "40%" }}>
                  {i18n.exists(`risk.questions.${question}.label`) ? t(`risk.questions.${question}.label`) : question}
                </TableCell>
                <TableCell sx={{ overflowWrap: "anywhere" }}>{text(answer)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
      <Typography variant="caption" sx={mono}>
        {t("approvals.snapshot.contentHash", { sha256: snapshot.sha256 })}
      </Typography>
    </Box>
  );
}

/** One snapshot read whole: the decision, the classification, vendors, controls with evidence hashes, tests and answers. */
export function SnapshotDialog({ applicationId, snapshotId, onClose }: { applicationId: string; snapshotId: string; onClose(): void }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { snapshot, query } = useSnapshot(applicationId, snapshotId);
  return (
    <Dialog open onClose={onClose} aria-labelledby="snapshot-title" maxWidth="md" fullWidth>
      <DialogTitle id="snapshot-title">
        {snapshot ? t("approvals.snapshot.title", { decision: t(`approvals.decisions.${snapshot.decision}`), when: formatDateTime(snapshot.decided_at) }) : t("approvals.title")}
      </DialogTitle>
      <DialogContent>
        {query.error && <Alert severity="error">{t("approvals.loadFailed", { message: query.error.message })}</Alert>}
        {snapshot ? <SnapshotBody snapshot={snapshot} /> : !query.error && <LinearProgress aria-label={t("approvals.loading")} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("approvals.snapshot.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
