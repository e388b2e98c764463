import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import { auditActionText, auditEntityTypeText } from "./audit-words";
import type { AuditEntryView } from "../../../domain/entities/audit";
import { useFormatDateTime } from "../../components/data-grid/grid-support";

const code = { fontFamily: "monospace", fontSize: 13, overflowWrap: "anywhere", whiteSpace: "pre-wrap", m: 0 } as const;

/** One audit entry whole: who, when, what, before and after, and its place in the chain. */
export function AuditEntryDialog({ entry, onClose }: { entry: AuditEntryView; onClose(): void }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const json = (value: unknown) => (value === null || value === undefined ? t("audit.detail.none") : JSON.stringify(value, null, 2));
  const rows: Array<[string, React.ReactNode]> = [
    [t("audit.columns.createdAt"), <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>],
    [t("audit.columns.actor"), `${entry.actor.name} (${t(`audit.actorTypes.${entry.actor.type}`)})`],
    [t("audit.columns.what"), auditActionText(t, entry.action)],
    [t("audit.columns.action"), <Box component="code" sx={code}>{entry.action}</Box>],
    [t("audit.columns.entityType"), auditEntityTypeText(t, entry.entity_type)],
    [t("audit.columns.entityId"), <Box component="code" sx={code}>{entry.entity_id}</Box>],
    [t("audit.columns.before"), <Box component="pre" sx={code}>{json(entry.before)}</Box>],
    [t("audit.columns.after"), <Box component="pre" sx={code}>{json(entry.after)}</Box>],
    [t("audit.detail.prevHash"), <Box component="code" sx={code}>{entry.prev_hash ?? t("audit.detail.none")}</Box>],
    [t("audit.columns.hash"), <Box component="code" sx={code}>{entry.hash ?? t("audit.detail.none")}</Box>],
  ];
  return (
    <Dialog open onClose={onClose} aria-labelledby="audit-entry-title" maxWidth="md" fullWidth>
      <DialogTitle id="audit-entry-title">{t("audit.detail.title", { seq: entry.seq })}</DialogTitle>
      <DialogContent>
        <Table size="small">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ width: 160, verticalAlign: "top" }}>
                  {label}
                </TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("audit.detail.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
