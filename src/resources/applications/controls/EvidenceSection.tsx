import { useState } from "react";
import {
  Box,
  Chip,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
  alpha,
} from "@mui/material";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import EventOutlined from "@mui/icons-material/EventOutlined";
import { useTranslation } from "react-i18next";
import type { Evidence } from "../../../../domain/entities/framework";
import { ConfirmDialog } from "../../../components/dialogs/ConfirmDialog";
import { useFormatDate } from "../../../components/risk/dates";
import { apiBlob } from "../../../providers/api-client";
import { notify } from "../../../providers/notifications";
import { saveBlob } from "../documents/document-format";
import { useEvidenceRemoval } from "./control-api";
import { AddEvidenceForm } from "./AddEvidenceForm";
import { EvidenceDatesDialog } from "./EvidenceDatesDialog";

/** One piece of evidence: what it is, the day it speaks for and until when it holds (lapsed: highlighted). */
function EvidenceItem({ evidence, applicationId, canEdit, onChanged }: { evidence: Evidence; applicationId: string; canEdit: boolean; onChanged(): void }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const removeEvidence = useEvidenceRemoval(applicationId);
  const download = async () => {
    try {
      saveBlob(await apiBlob(`/applications/${applicationId}/controls/${evidence.control_id}/evidence/${evidence.id}/content`), evidence.name);
    } catch (error) {
      notify({ severity: "error", message: (error as Error).message });
    }
  };
  return (
    <ListItem
      divider
      sx={evidence.expired ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.08), borderLeft: 3, borderColor: "error.main" } : undefined}
      secondaryAction={
        <Stack direction="row">
          {evidence.kind === "file" && (
            <IconButton aria-label={t("controls.evidence.download", { name: evidence.name })} onClick={() => void download()}>
              <DownloadOutlined />
            </IconButton>
          )}
          {canEdit && (
            <IconButton aria-label={t("controls.evidence.editDates", { name: evidence.name })} onClick={() => setEditing(true)}>
              <EventOutlined />
            </IconButton>
          )}
          {canEdit && (
            <IconButton aria-label={t("controls.evidence.remove", { name: evidence.name })} onClick={() => setConfirming(true)}>
              <DeleteOutline />
            </IconButton>
          )}
        </Stack>
      }
    >
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
            {evidence.kind === "link" && evidence.url ? (
              <Link href={evidence.url} target="_blank" rel="noopener noreferrer">
                {evidence.name}
              </Link>
            ) : (
              <span>{evidence.name}</span>
            )}
            <Chip size="small" variant="outlined" label={t(`controls.evidence.kinds.${evidence.kind}`)} />
            {evidence.expired && <Chip size="small" color="error" label={t("controls.evidence.expired")} />}
          </Stack>
        }
        secondary={
          <>
            {t("controls.evidence.effectiveOn", { date: formatDate(evidence.effective_on) })}
            {evidence.expires_on && ` · ${t("controls.evidence.expiresOn", { date: formatDate(evidence.expires_on) })}`}
            {` · ${t("controls.evidence.addedBy", { name: evidence.added_by.name, date: formatDate(evidence.created_at) })}`}
          </>
        }
      />
      <ConfirmDialog
        open={confirming}
        destructive
        title={t("controls.evidence.removeTitle")}
        confirmLabel={t("common.actions.delete")}
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await removeEvidence(evidence.control_id, evidence.id);
          setConfirming(false);
          onChanged();
        }}
      >
        {t("controls.evidence.removeBody", { name: evidence.name })}
      </ConfirmDialog>
      {editing && <EvidenceDatesDialog applicationId={applicationId} evidence={evidence} onClose={() => setEditing(false)} onSaved={onChanged} />}
    </ListItem>
  );
}

/** A control's evidence: the list (expired highlighted) and, for those allowed, a form to add a link or a file. */
export function EvidenceSection({
  applicationId,
  controlId,
  evidence,
  canEdit,
  onChanged,
}: {
  applicationId: string;
  controlId: string;
  evidence: Evidence[];
  canEdit: boolean;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby={`evidence-${controlId}`} sx={{ display: "grid", gap: 1 }}>
      <Typography variant="subtitle1" component="h3" id={`evidence-${controlId}`}>
        {t("controls.evidence.title", { count: evidence.length })}
      </Typography>
      {evidence.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t("controls.evidence.none")}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t("controls.evidence.listLabel")}>
          {evidence.map((e) => (
            <EvidenceItem key={e.id} evidence={e} applicationId={applicationId} canEdit={canEdit} onChanged={onChanged} />
          ))}
        </List>
      )}
      {canEdit && <AddEvidenceForm applicationId={applicationId} controlId={controlId} onAdded={onChanged} />}
    </Box>
  );
}
